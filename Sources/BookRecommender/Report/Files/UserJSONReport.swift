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
/// one per line. `write(_:to:)` (in `UserJSONReport+Writer.swift`) is the
/// one writer of both, printing exactly as `JSONValue` would.
enum UserJSONReport {
    /// The version written as `schemaVersion`.
    static let schemaVersion = 2
}
