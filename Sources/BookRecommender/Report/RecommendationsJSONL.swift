/// `recommendations.jsonl`: one line per user, the same document as that
/// user's `users/<stem>.json` in compact form, users in the order given.
/// Strings never hold a raw line break (`JSONValue` escapes them), so every
/// line is one complete JSON object.
package enum RecommendationsJSONL {
    /// The whole file; empty for no users, else every line ends in `\n`.
    package static func text(users: [UserPicks]) -> String {
        users.reduce("") { $0 + line(UserJSONReport.document(for: $1)) }
    }

    /// One user's line, from their document, `\n` included.
    package static func line(_ document: JSONValue) -> String {
        document.compactText + "\n"
    }
}
