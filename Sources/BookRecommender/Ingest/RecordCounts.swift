/// The accounting of one file or the whole run: every record read is used,
/// shelved, blank or rejected.
public struct RecordCounts: Sendable, Equatable, Codable {
    /// Records read (rows, elements), blank ones included.
    public var read = 0
    /// Ratings that went into the model.
    public var used = 0
    /// Books a user has without rating them (excluded from their picks).
    public var shelved = 0
    /// Rows whose every field is empty (`,,`: spreadsheets leave thousands of
    /// them); counted, not written to `rejects.csv`.
    public var blank = 0
    /// Records written to `rejects.csv`.
    public var rejected = 0

    /// All counts zero.
    public init() {}

    /// The given counts.
    public init(read: Int, used: Int, shelved: Int, blank: Int = 0, rejected: Int) {
        self.read = read
        self.used = used
        self.shelved = shelved
        self.blank = blank
        self.rejected = rejected
    }

    /// True when `read == used + shelved + blank + rejected`.
    public var balances: Bool { read == used + shelved + blank + rejected }

    /// The counts of both, added field by field.
    public static func + (left: RecordCounts, right: RecordCounts) -> RecordCounts {
        RecordCounts(
            read: left.read + right.read, used: left.used + right.used, shelved: left.shelved + right.shelved,
            blank: left.blank + right.blank, rejected: left.rejected + right.rejected)
    }
}
