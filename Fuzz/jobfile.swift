// libFuzzer target `jobfile`: `JobFile.load` on any bytes. A job file is either
// applied or refused with a `ConfigError` that lists at least one problem, each
// with a JSON path; it never crashes.

@testable import BookRecommender

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let path = FuzzHarness.write(data, size, named: "job.json")
    do {
        _ = try JobFile.load(path, over: RunSettings())
    } catch {
        FuzzHarness.require(!error.problems.isEmpty, "a ConfigError without problems")
        for problem in error.problems {
            FuzzHarness.require(problem.path.hasPrefix("$"), "problem path \(problem.path) is not a JSON path")
        }
    }
    return 0
}
