/// Failures while writing the output folder.
package enum ReportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output folder (or a folder inside it) cannot be created.
    case cannotCreateFolder(path: String, reason: String)
    /// A file cannot be written or moved into place.
    case cannotWrite(path: String, reason: String)
    /// A path would leave the output folder (say, through a symlink planted in it).
    case outsideOutputFolder(path: String, folder: String)
    /// The same user id (same UTF-8 bytes) came twice: a bug in the caller.
    case duplicateUser(user: String)

    /// The path and what went wrong, as `bookrec` prints it.
    package var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason): "\(path): cannot create folder: \(reason)"
        case .cannotWrite(let path, let reason): "\(path): cannot write: \(reason)"
        case .outsideOutputFolder(let path, let folder): "\(path): refusing to write outside \(folder)"
        case .duplicateUser(let user): "user \(user.debugDescription) appears twice in the report"
        }
    }
}
