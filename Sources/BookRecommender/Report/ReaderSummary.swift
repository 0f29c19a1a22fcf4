/// What the club digest (`index.html`, `digest.txt`) shows of one reader,
/// kept after the reader's own files are written: the digest never needs a
/// reader's whole picks, so a run with many readers holds only this much
/// per reader. A shard's part stores these (see `PartFile`) for the merge.
package struct ReaderSummary: Sendable, Equatable, Codable {
    /// One of the first picks, as the digest lists it.
    package struct Top: Sendable, Equatable, Codable {
        package var rank: Int
        /// The title shown (see `UserHTMLReport.displayTitle`).
        package var title: String
        /// Our first non-blank author, if any.
        package var author: String?
        package var fallback: Bool
    }

    /// How many picks the digest lists per reader.
    package static let topCount = 3

    /// The reader's original id.
    package var user: String
    /// The file-name stem of `users/<stem>.json` and `.html`.
    package var stem: String
    /// How many picks the reader got.
    package var picks: Int
    /// Every pick is a popular (fallback) one.
    package var popular: Bool
    /// The first `topCount` picks.
    package var top: [Top]
    /// The reader's bytes in `recommendations.csv` and `recommendations.jsonl`,
    /// so a merge can copy them without parsing either file.
    package var csvBytes: Int
    package var jsonlBytes: Int

    /// The summary of `user`, whose files are named `stem`.
    package init(_ user: UserPicks, stem: String, csvBytes: Int, jsonlBytes: Int) {
        self.user = user.user
        self.stem = stem
        picks = user.picks.count
        popular = !user.picks.isEmpty && user.picks.allSatisfy(\.fallback)
        top = user.picks.prefix(Self.topCount).map { pick in
            Top(
                rank: pick.rank, title: UserHTMLReport.displayTitle(pick.title, item: pick.item),
                author: pick.authors.first { !$0.isBlank }, fallback: pick.fallback)
        }
        self.csvBytes = csvBytes
        self.jsonlBytes = jsonlBytes
    }
}
