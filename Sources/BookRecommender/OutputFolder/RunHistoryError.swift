/// Failures while keeping the run history of an output folder.
package enum RunHistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A run folder cannot be created (exit 73).
    case cannotCreate(path: String, reason: String)
    /// A finished run cannot be moved into place or `latest` cannot be switched (exit 74).
    case cannotSwitch(path: String, reason: String)
    /// A finished run cannot be flushed to stable storage (exit 74).
    case cannotFlush(path: String, reason: String)
    /// An old run cannot be removed (exit 74).
    case cannotRemove(path: String, reason: String)
    /// A folder the run writes into is a symbolic link (exit 73): following it
    /// could write outside the output folder.
    case symbolicLink(path: String)

    /// The path and what went wrong, as `bookrec` prints it.
    package var description: String {
        switch self {
        case .cannotCreate(let path, let reason): "\(path): cannot create the run folder: \(reason)"
        case .cannotSwitch(let path, let reason): "\(path): cannot move the finished run into place: \(reason)"
        case .cannotFlush(let path, let reason): "\(path): cannot flush the finished run to disk: \(reason)"
        case .cannotRemove(let path, let reason): "\(path): cannot remove: \(reason)"
        case .symbolicLink(let path):
            "\(path): is a symbolic link; refusing to follow it out of the output folder"
        }
    }
}
