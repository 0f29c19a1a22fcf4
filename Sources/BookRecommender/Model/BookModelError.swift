/// Why a `BookModel` could not be fitted, read or written. Every file error
/// names the file.
public enum BookModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `fit` was given no rating at all: there is nothing to learn from (exit 65).
    case noRatings
    /// The model file cannot be opened or read (exit 66).
    case cannotRead(path: String, reason: String)
    /// The model file cannot be written (exit 73).
    case cannotWrite(path: String, reason: String)
    /// The file does not start with a model file's signature (exit 65).
    case notAModel(path: String)
    /// The file is in a newer format than this `bookrec` reads (exit 65).
    case newerVersion(path: String, version: UInt32, supported: UInt32)
    /// The file is shorter than its header says (exit 65).
    case truncated(path: String, size: Int, expected: Int)
    /// The checksum does not match, or a part of the file is inconsistent (exit 65).
    case corrupt(path: String, reason: String)

    /// The file and what is wrong with it, as `bookrec` prints it.
    public var description: String {
        switch self {
        case .noRatings: "no rating to fit a model on"
        case .cannotRead(let path, let reason): "\(path): cannot read the model file: \(reason)"
        case .cannotWrite(let path, let reason): "\(path): cannot write the model file: \(reason)"
        case .notAModel(let path): "\(path): not a bookrec model file (it lacks the model signature)"
        case .newerVersion(let path, let version, let supported):
            "\(path): model format \(version) is newer than this bookrec reads (\(supported)); "
                + "update bookrec or train the model again"
        case .truncated(let path, let size, let expected):
            "\(path): the model file is truncated: \(size) of \(expected) bytes"
        case .corrupt(let path, let reason): "\(path): the model file is damaged: \(reason)"
        }
    }
}
