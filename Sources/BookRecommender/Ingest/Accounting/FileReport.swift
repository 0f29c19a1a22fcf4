/// How one input file was read: the format used and its accounting.
package struct FileReport: Sendable, Equatable, Codable {
    package var path: String
    /// The format read, or nil when the file could not be identified.
    var format: InputFormat?
    /// True when the format was detected rather than given.
    var detected: Bool
    var records: RecordCounts
    /// The scale its ratings were read on, when it has any.
    var scale: FileScale?
    /// Why reading stopped early, when it did (`skip` mode only).
    var error: String?
    /// Keys rebuilt from number damage and keys beyond repair, for formats
    /// whose reader notes them (Book-Crossing); see `LostZeroKeys`.
    var isbnRepairs: ISBNRepairs?

    init(
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
