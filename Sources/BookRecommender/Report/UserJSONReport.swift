/// `users/<stem>.json`: one user's picks as data.
///
/// Schema version 2: `schemaVersion`, `user` (the original id),
/// `recommendations`, each with `rank`, `item`, `isbn13` and `title` (both
/// left out when unknown), `authors`, `score`, `because` (each `item`,
/// `title` when known, and `rating`, or for a book without stars `interaction`: its kind), `fallback` and `new`, and, in a run's
/// reports, `sinceLastDigest` (`comparison`, `newMember`, `newPicks`,
/// `read` and `shelved` books, `leftOtherwise`). Scores and ratings print
/// with at most 4 decimals. Enriched runs add `enrichment` (`ok`,
/// `not-found`, `failed: …`, `skipped: …`) and, when Google Books had them,
/// `description`, `previewLink`, `thumbnail`, `pageCount`, `publishedDate` and
/// `categories`. Links are kept only when they are absolute `http` or
/// `https` URLs (`HTMLEscape.safeURL`). `schemas/user-report.schema.json`
/// describes the document; `recommendations.jsonl` holds the same documents
/// one per line.
package enum UserJSONReport {
    /// The version written as `schemaVersion`.
    package static let schemaVersion = 2

    /// The document for `user`.
    package static func document(for user: UserPicks) -> JSONValue {
        var members: [String: JSONValue] = [
            "schemaVersion": .integer(schemaVersion),
            "user": .string(user.user),
            "recommendations": .array(user.picks.map(pick)),
        ]
        if let changes = user.sinceLastDigest {
            members["sinceLastDigest"] = .object([
                "comparison": .string(changes.lastDigest.kind.rawValue),
                "newMember": .bool(changes.newMember),
                "newPicks": .integer(user.picks.count { $0.new }),
                "read": .array(changes.read.map(leftBook)),
                "shelved": .array(changes.shelved.map(leftBook)),
                "leftOtherwise": .integer(changes.leftOtherwise),
            ])
        }
        return .object(members)
    }

    private static func leftBook(_ book: ReaderChanges.LeftBook) -> JSONValue {
        var members: [String: JSONValue] = ["item": .string(book.item)]
        if let title = book.title { members["title"] = .string(title) }
        return .object(members)
    }

    private static func pick(_ pick: ReportPick) -> JSONValue {
        var members: [String: JSONValue] = [
            "rank": .integer(pick.rank),
            "item": .string(pick.item),
            "authors": .array(pick.authors.map { .string($0) }),
            "score": .fixed(pick.score, places: 4),
            "because": .array(pick.because.map(ratedBook)),
            "fallback": .bool(pick.fallback),
            "new": .bool(pick.new),
        ]
        if let isbn13 = pick.isbn13 { members["isbn13"] = .string(isbn13) }
        if let title = pick.title { members["title"] = .string(title) }
        if let enrichment = pick.enrichment { members.merge(details(enrichment)) { _, new in new } }
        return .object(members)
    }

    private static func details(_ enrichment: Enrichment) -> [String: JSONValue] {
        var members: [String: JSONValue] = [
            "enrichment": .string(enrichment.status.description),
            "categories": .array(enrichment.categories.map { .string($0) }),
        ]
        if let text = enrichment.description { members["description"] = .string(text) }
        if let link = enrichment.previewLink.flatMap(HTMLEscape.safeURL) { members["previewLink"] = .string(link) }
        if let link = enrichment.thumbnail.flatMap(HTMLEscape.safeURL) { members["thumbnail"] = .string(link) }
        if let count = enrichment.pageCount { members["pageCount"] = .integer(count) }
        if let date = enrichment.publishedDate { members["publishedDate"] = .string(date) }
        return members
    }

    private static func ratedBook(_ book: RatedBook) -> JSONValue {
        var members: [String: JSONValue] = ["item": .string(book.item)]
        if let kind = book.kind {
            members["interaction"] = .string(kind.name)
        } else {
            members["rating"] = .fixed(book.rating, places: 4)
        }
        if let title = book.title { members["title"] = .string(title) }
        return .object(members)
    }
}
