/// Failures that stop ingest of a file (or, in `fail` mode, of the run).
public enum IngestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or folder) does not exist or cannot be opened or read.
    case cannotRead(path: String, reason: String)
    /// Auto-detection found no format it knows.
    case unknownFormat(path: String, reason: String)
    /// The file cannot be parsed at all (a broken header, broken XML).
    case malformed(path: String, line: Int, reason: String)
    /// A bad record with `--on-bad-record fail`.
    case badRecord(path: String, line: Int, reason: RejectReason)

    public var description: String {
        switch self {
        case .cannotRead(let path, let reason): "\(path): cannot read: \(reason)"
        case .unknownFormat(let path, let reason): "\(path): unknown format: \(reason)"
        case .malformed(let path, let line, let reason): "\(path):\(line): \(reason)"
        case .badRecord(let path, let line, let reason): "\(path):\(line): bad record: \(reason)"
        }
    }
}
