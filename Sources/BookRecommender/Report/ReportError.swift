/// Failures while writing the output folder.
public enum ReportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output folder (or a folder inside it) cannot be created.
    case cannotCreateFolder(path: String, reason: String)
    /// A file cannot be written or moved into place.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason): "\(path): cannot create folder: \(reason)"
        case .cannotWrite(let path, let reason): "\(path): cannot write: \(reason)"
        }
    }
}
