import Foundation
import Testing

/// `OUT/runs`, `OUT/latest` and `keepRuns` across runs of the demo job.
@Suite struct RunHistoryTests {
    let job = Workspace.root.appendingPathComponent("jobs/demo.json").path

    @Test func keepRunsKeepsTheNewestAndLatestPointsAtTheLastGoodRun() throws {
        let out = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        var made: [String] = []
        for _ in 0..<4 {
            let result = try BinaryRunner.run(["run", job, "--out", out.path, "--no-enrich", "--keep-runs", "2"])
            #expect(result.status == 0, "\(result.stderr)")
            made.append(try #require(OutputTree.latest(in: out)))
        }
        #expect(Set(made).count == 4 && made == made.sorted())
        #expect(OutputTree.runs(in: out) == Array(made.suffix(2)))
        #expect(OutputTree.latest(in: out) == made.last)

        // A failed run neither replaces latest nor leaves anything behind.
        let failed = try BinaryRunner.run(["run", job, "--out", out.path, "--no-enrich", "--on-bad-record", "fail"])
        #expect(failed.status == 65)
        #expect(OutputTree.latest(in: out) == made.last)
        #expect(OutputTree.runs(in: out) == Array(made.suffix(2)))
        #expect(OutputTree.leftovers(under: out).isEmpty)
    }

    @Test func theDefaultKeepsSevenRuns() throws {
        let out = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let runs = out.appendingPathComponent("runs")
        // Eight old complete runs, as earlier nights left them.
        for night in 1...8 {
            let folder = runs.appendingPathComponent("2026010\(night % 10)T000000.000Z")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        // `recommend`: the demo job sets its own keepRuns.
        let club = Workspace.root.appendingPathComponent("input/club").path
        let result = try BinaryRunner.run(["recommend", club, "--out", out.path, "--no-enrich", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let kept = OutputTree.runs(in: out)
        #expect(kept.count == 7)
        #expect(kept.last == OutputTree.latest(in: out))
        #expect(kept.first == "20260103T000000.000Z")
    }
}
