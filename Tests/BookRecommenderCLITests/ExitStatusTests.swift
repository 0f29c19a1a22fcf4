import Foundation
import Testing

@testable import BookRecommender
@testable import BookRecommenderCLI

@Suite struct ExitStatusTests {
    struct Unexpected: Error {}

    struct Case: Sendable {
        var error: any Error
        var status: Int32
        init(_ error: any Error, _ status: Int32) {
            self.error = error
            self.status = status
        }
    }

    static let problemOfEachKind: [ConfigError.Problem] = [
        .init(path: "$.inputs[0]", message: "x", kind: .missingInput),
        .init(path: "$.out", message: "x", kind: .unwritableOutput),
    ]

    static let cases: [Case] = [
        Case(UsageError.unknownCommand("x"), 64),
        Case(IngestError.cannotRead(path: "a", reason: "gone"), 66),
        Case(RunError.noRatings(rejected: 3), 65),
        Case(RunError.enrichmentRequired(missing: 1, of: 2), 75),
        Case(JobLock.Held(path: "OUT/bookrec.lock", pid: 42), 75),
        Case(ReportError.cannotWrite(path: "a", reason: "full"), 73),
        Case(RunHistoryError.cannotSwitch(path: "OUT/latest", reason: "busy"), 74),
        Case(RunHistoryError.cannotFlush(path: "OUT/runs/.x.partial", reason: "Input/output error"), 74),
        Case(MergeError.missingParts(count: 3, missing: [1]), 66),
        Case(MergeError.inconsistentParts(detail: "x"), 65),
        Case(Interrupted(signal: SIGINT), 130),
        Case(Interrupted(signal: SIGTERM), 143),
        Case(ConfigError(file: "j", problems: [.init(path: "$.top", message: "x")]), 78),
        Case(ConfigError(file: "j", problems: [problemOfEachKind[0]]), 66),
        Case(ConfigError(file: "j", problems: [problemOfEachKind[1]]), 73),
        Case(ConfigError(file: "j", problems: problemOfEachKind), 78),
        Case(Unexpected(), 70),
    ]

    @Test(arguments: cases)
    func eachErrorMapsToItsStatus(_ test: Case) {
        #expect(ExitStatus.of(test.error).rawValue == test.status, "\(test.error)")
    }
}
