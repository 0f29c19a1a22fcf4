import BookRecommender
import Foundation

/// Process exit codes (BSD sysexits, plus 128 + signal), mapped here and nowhere else.
enum ExitStatus: Int32, Sendable, Error {
    case ok = 0
    /// A bad command line: unknown flag, missing value.
    case usage = 64
    /// Bad input data with `--on-bad-record fail`, or parts that do not belong together.
    case dataError = 65
    /// An input file or folder (or a shard's part) does not exist or cannot be read.
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
    /// Stopped by SIGINT (128 + 2).
    case interrupted = 130
    /// Stopped by SIGTERM (128 + 15).
    case terminated = 143
}

extension ExitStatus {
    /// The exit status for an error that ended a run.
    static func of(_ error: any Error) -> ExitStatus {
        switch error {
        case let status as ExitStatus: status
        case is UsageError: .usage
        case let error as ConfigError: error.exitStatus
        case is JobLock.Held: .temporaryFailure
        case let error as Interrupted: error.signal == SIGINT ? .interrupted : .terminated
        case let error as MergeError:
            switch error {
            case .noParts, .missingParts: .noInput
            case .mixedShardCounts, .inconsistentParts, .unreadablePart, .missingReaderFile: .dataError
            }
        case is SimilarBooks.NotFound: .dataError
        case let error as RunError:
            switch error {
            case .enrichmentRequired: .temporaryFailure
            case .noRatings, .inputsUnusable, .unusableFiles: .dataError
            }
        case let error as TrainingPartError:
            switch error {
            case .cannotRead, .missingParts, .cannotReadPrepared: .noInput
            case .optionDisagrees: .usage
            case .notAPart, .corrupt, .mismatch, .duplicatePart, .notPrepared, .corruptPrepared: .dataError
            }
        case let error as BookModelError:
            switch error {
            case .cannotRead: .noInput
            case .cannotWrite: .cannotCreate
            case .noRatings, .notAModel, .newerVersion, .truncated, .corrupt: .dataError
            }
        case let error as IngestError:
            switch error {
            case .cannotRead: .noInput
            case .unknownFormat, .malformed, .badRecord, .memberClash, .readerClash: .dataError
            }
        case let error as MailError:
            switch error {
            case .cannotRead: .noInput
            case .badMembersFile: .dataError
            }
        case let error as ReportError:
            switch error {
            case .cannotCreateFolder, .cannotWrite, .outsideOutputFolder: .cannotCreate
            case .duplicateUser: .software
            }
        case let error as RunHistoryError:
            switch error {
            case .cannotCreate, .symbolicLink: .cannotCreate
            case .cannotSwitch, .cannotFlush, .cannotRemove: .ioError
            }
        default: .software
        }
    }
}

extension ConfigError {
    /// 66 when every problem is a missing input, 73 when every problem is an
    /// output folder that cannot be written, else 78.
    var exitStatus: ExitStatus {
        if problems.allSatisfy({ $0.kind == .missingInput }) { return .noInput }
        if problems.allSatisfy({ $0.kind == .unwritableOutput }) { return .cannotCreate }
        return .config
    }
}
