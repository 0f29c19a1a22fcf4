/// The accounting of one file or the whole run: every record read is used,
/// shelved or rejected.
public struct RecordCounts: Sendable, Equatable, Codable {
    public var read = 0
    /// Ratings that went into the model.
    public var used = 0
    /// Books a user has without rating them (excluded from their picks).
    public var shelved = 0
    /// Records written to `rejects.csv`.
    public var rejected = 0

    public init() {}

    public init(read: Int, used: Int, shelved: Int, rejected: Int) {
        self.read = read
        self.used = used
        self.shelved = shelved
        self.rejected = rejected
    }

    /// True when `read == used + shelved + rejected`.
    public var balances: Bool { read == used + shelved + rejected }

    public static func + (left: RecordCounts, right: RecordCounts) -> RecordCounts {
        RecordCounts(
            read: left.read + right.read, used: left.used + right.used,
            shelved: left.shelved + right.shelved, rejected: left.rejected + right.rejected)
    }
}
