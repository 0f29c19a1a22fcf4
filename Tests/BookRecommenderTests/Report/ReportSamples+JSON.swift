@testable import BookRecommender

extension ReportSamples {
    /// `user`'s `users/<stem>.json` as a run writes it, and its line of
    /// `recommendations.jsonl` (without the line break).
    static func json(for user: UserPicks) -> (text: String, line: String) {
        let pretty = TextBuffer(), compact = TextBuffer()
        UserJSONReport.write(user, to: pretty)
        compact.append(compactJSONOf: pretty)
        return (pretty.string, compact.string)
    }
}
