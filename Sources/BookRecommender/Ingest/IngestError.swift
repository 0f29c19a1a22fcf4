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
    /// Files of two different sources would be the same member (see `InputExpansion`).
    case memberClash(member: String, paths: [String])
    /// A user id of a many-reader file is also the member a per-person export
    /// stands for (see `ReaderOrigins`).
    case readerClash(id: String, memberFile: String, manyReaderFile: String)

    /// The line the problem is on (0 when it concerns the whole file).
    public var line: Int {
        switch self {
        case .cannotRead, .unknownFormat, .memberClash, .readerClash: 0
        case .malformed(_, let line, _), .badRecord(_, let line, _): line
        }
    }

    /// The problem without the path and line.
    public var reason: String {
        switch self {
        case .cannotRead(_, let reason): "cannot read: \(reason)"
        case .unknownFormat(_, let reason): "unknown format: \(reason)"
        case .malformed(_, _, let reason): reason
        case .badRecord(_, _, let reason): reason.description
        case .memberClash(let member, let paths): Self.clash(member, paths)
        case .readerClash(let id, let memberFile, let manyReaderFile): Self.clash(id, memberFile, manyReaderFile)
        }
    }

    /// The file (and line) and what is wrong, as `bookrec` prints it.
    public var description: String {
        switch self {
        case .cannotRead(let path, let reason): "\(path): cannot read: \(reason)"
        case .unknownFormat(let path, let reason): "\(path): unknown format: \(reason)"
        case .malformed(let path, let line, let reason): "\(path):\(line): \(reason)"
        case .badRecord(let path, let line, let reason): "\(path):\(line): bad record: \(reason)"
        case .memberClash(let member, let paths): Self.clash(member, paths)
        case .readerClash(let id, let memberFile, let manyReaderFile): Self.clash(id, memberFile, manyReaderFile)
        }
    }

    private static func clash(_ member: String, _ paths: [String]) -> String {
        "\(paths.joined(separator: " and ")) would both be member \"\(member)\" (two people are never merged); "
            + "put one person's exports together in a folder named after them, or rename a file"
    }

    private static func clash(_ id: String, _ memberFile: String, _ manyReaderFile: String) -> String {
        "user id \"\(id)\" in \(manyReaderFile) is also the member named after \(memberFile) "
            + "(two people are never merged); rename the member's file or folder"
    }
}
