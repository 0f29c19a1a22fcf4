/// What reading a MARC 21 catalog noted beyond `RecordCounts` (which counts
/// its records as read, used and rejected): kept apart so the per-file
/// accounting stays the same for every format.
struct CatalogCounts: Sendable, Equatable, Codable {
    /// Records used without a valid ISBN: their loans still count, keyed by
    /// the record's control number, but Google Books cannot look them up by
    /// ISBN. Among `RecordCounts.used`, and not in `rejects.csv`.
    var withoutISBN = 0
    /// Holdings (`952` fields) read from used records: the copies on the shelves.
    var copies = 0
    /// Used records that named an id an earlier record already held (the same
    /// barcode twice, say): each is one row of `rejects.csv`, though the
    /// record is used under its other ids and so is not in `RecordCounts.rejected`.
    var clashes = 0

    init(withoutISBN: Int = 0, copies: Int = 0, clashes: Int = 0) {
        self.withoutISBN = withoutISBN
        self.copies = copies
        self.clashes = clashes
    }
}
