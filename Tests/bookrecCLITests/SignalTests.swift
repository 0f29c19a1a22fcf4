import Foundation
import Testing

/// SIGINT, SIGTERM and SIGKILL at several points of a run: `latest` keeps
/// pointing at the last complete run, nothing partial stays, the next run is clean.
@Suite(.serialized) struct SignalTests {
    /// A folder with a complete run of the demo club (`latest`) and a generated
    /// input big enough to still be running when signalled.
    struct Setup {
        var folder: URL
        var out: URL
        var big: String
        var first: String
        /// The big run's filter: item-item, whose fit the debug build finishes in seconds
        /// (`auto` would fit EASE to 40 books a reader, a minute in a debug build).
        static let bigFilter = ["--similarity", "bm25"]

        init() throws {
            folder = try Workspace.temporaryFolder()
            out = folder.appendingPathComponent("out")
            big = try GeneratedRatings.write(in: folder, users: 1500, books: 1500, perUser: 40)
            let result = try BinaryRunner.run(Self.club(out))
            guard result.status == 0, let latest = OutputTree.latest(in: out) else {
                throw RunningBinary.TimedOut(waitingFor: "a first complete run", stderr: result.stderr)
            }
            first = latest
        }

        static func club(_ out: URL) -> [String] {
            ["recommend", Workspace.root.appendingPathComponent("input/club").path, "--out", out.path, "--no-enrich"]
        }

        /// Checks that only the first run is there, `latest` points at it, and
        /// a new run completes and becomes `latest`.
        func expectCleanThenRerun(allowLeftovers: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(OutputTree.latest(in: out) == first, sourceLocation: sourceLocation)
            let latestIndex = out.appendingPathComponent("latest/index.html").path
            #expect(FileManager.default.fileExists(atPath: latestIndex), sourceLocation: sourceLocation)
            if !allowLeftovers {
                #expect(OutputTree.runs(in: out) == [first], sourceLocation: sourceLocation)
                #expect(OutputTree.leftovers(under: out).isEmpty, sourceLocation: sourceLocation)
            }
            let again = try BinaryRunner.run(Self.club(out))
            #expect(again.status == 0, "\(again.stderr)", sourceLocation: sourceLocation)
            let runs = OutputTree.runs(in: out)
            #expect(runs.count == 2 && runs.first == first, "\(runs)", sourceLocation: sourceLocation)
            #expect(OutputTree.latest(in: out) == runs.last, sourceLocation: sourceLocation)
            #expect(OutputTree.leftovers(under: out).isEmpty, sourceLocation: sourceLocation)
        }
    }

    /// While the model is fitted (no checkpoint inside: the grace period ends it),
    /// while users are scored (stops at the next block), and while reports are written.
    @Test(arguments: [
        (SIGTERM, "stage=ingest event=file", Int32(143)),
        (SIGINT, "stage=model event=fitted", Int32(130)),
        (SIGTERM, "stage=recommend event=done", Int32(143)),
    ])
    func aSignalStopsTheRunWithoutTouchingLatest(signal: Int32, after marker: String, exit: Int32) throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let run = try RunningBinary(["recommend", setup.big, "--out", setup.out.path, "--no-enrich"] + Setup.bigFilter)
        try run.waitForLog(marker)
        kill(run.pid, signal)
        let clock = ContinuousClock()
        let start = clock.now
        let status = try run.waitForExit(seconds: 30)
        #expect(status == exit, "\(run.stderr)")
        #expect(clock.now - start < .seconds(20), "took \(clock.now - start) to stop")
        #expect(run.stderr.contains("event=signal"))
        try setup.expectCleanThenRerun(allowLeftovers: false)
    }

    @Test(arguments: ["stage=ingest event=file", "stage=recommend event=done"])
    func afterSIGKILLTheNextRunStartsCleanAndLatestIsIntact(after marker: String) throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.folder) }
        let run = try RunningBinary(["recommend", setup.big, "--out", setup.out.path, "--no-enrich"] + Setup.bigFilter)
        try run.waitForLog(marker)
        usleep(300_000)
        kill(run.pid, SIGKILL)
        #expect(try run.waitForExit(seconds: 30) == 128 + SIGKILL)
        #expect(OutputTree.runs(in: setup.out).contains { $0.hasSuffix(".partial") })
        try setup.expectCleanThenRerun(allowLeftovers: true)
    }
}
