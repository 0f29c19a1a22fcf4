/// How one input file was read: the format used and its accounting.
public struct FileReport: Sendable, Equatable, Codable {
    public var path: String
    /// The format read, or nil when the file could not be identified.
    public var format: InputFormat?
    /// True when the format was detected rather than given.
    public var detected: Bool
    public var records: RecordCounts
    /// The scale its ratings were read on, when it has any.
    public var scale: FileScale?
    /// Why reading stopped early, when it did (`skip` mode only).
    public var error: String?

    public init(
        path: String, format: InputFormat?, detected: Bool, records: RecordCounts, scale: FileScale? = nil,
        error: String? = nil
    ) {
        self.path = path
        self.format = format
        self.detected = detected
        self.records = records
        self.scale = scale
        self.error = error
    }
}
