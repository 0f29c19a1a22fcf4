/// Process exit codes (BSD sysexits), mapped here and nowhere else.
public enum ExitStatus: Int32, Sendable, Error {
    case ok = 0
    /// A bad command line: unknown flag, missing value.
    case usage = 64
    /// Bad input data with `--on-bad-record fail`.
    case dataError = 65
    /// An input file or folder does not exist or cannot be read.
    case noInput = 66
    /// A bug: something that should not happen did.
    case software = 70
    /// The output folder or a file in it cannot be created.
    case cannotCreate = 73
    /// Reading or writing failed midway.
    case ioError = 74
    /// Try again later: the lock is held, or required enrichment is unavailable.
    case temporaryFailure = 75
    /// The job file is invalid.
    case config = 78
}
