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

extension ExitStatus {
    /// The exit status for an error that ended a run.
    public static func of(_ error: any Error) -> ExitStatus {
        switch error {
        case let status as ExitStatus: status
        case is UsageError: .usage
        case is ConfigError: .config
        case is SimilarCommand.NotFound: .dataError
        case let error as RunError:
            switch error {
            case .enrichmentRequired: .temporaryFailure
            case .noRatings: .dataError
            }
        case let error as IngestError:
            switch error {
            case .cannotRead: .noInput
            case .unknownFormat, .malformed, .badRecord: .dataError
            }
        case let error as ReportError:
            switch error {
            case .cannotCreateFolder, .cannotWrite, .outsideOutputFolder: .cannotCreate
            case .duplicateUser: .software
            }
        default: .software
        }
    }
}
