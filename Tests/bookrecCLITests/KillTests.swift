import Foundation
import Testing

@testable import BookRecommender

/// SIGKILL at seeded random moments of real runs (a separate process each
/// time): while readers are scored, while their files are written, while
/// the run is flushed, renamed and made `latest`, and after. Whatever the
/// moment, `latest` must name a complete run whose every file parses, and
/// the next run must start clean.
@Suite(.serialized) struct KillTests {
    /// Where to kill: after a log line, then a random wait of up to `window` milliseconds.
    static let moments: [(marker: String, window: UInt64)] = [
        ("stage=recommend event=done", 400), ("stage=report event=readers", 60),
        ("stage=report event=written", 40), ("stage=run event=done", 5),
    ]

    @Test func latestAlwaysNamesACompleteRunWhoseFilesParse() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try GeneratedRatings.write(in: folder, users: 200, books: 200, perUser: 20)
        let out = folder.appendingPathComponent("out")
        let arguments = ["recommend", input, "--out", out.path, "--no-enrich", "--threads", "2", "--keep-runs", "3"]
        let first = try BinaryRunner.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        try Self.expectComplete(out, users: 200)

        // Seeded, so each run of the test kills at the same moments.
        var random = SeededRandom(seed: 15)
        var leftPartial = 0, switched = 0
        for round in 0..<8 {
            let moment = Self.moments[round % Self.moments.count]
            let before = OutputTree.latest(in: out)
            let run = try RunningBinary(arguments)
            try Self.waitForLine(moment.marker, in: run)
            usleep(UInt32(random.next() % (moment.window * 1000 + 1)))
            kill(run.pid, SIGKILL)
            _ = try run.waitForExit(seconds: 60)
            try Self.expectComplete(out, users: 200, "round \(round), \(moment.marker)")
            if OutputTree.latest(in: out) != before { switched += 1 }
            if OutputTree.runs(in: out).contains(where: { $0.hasPrefix(".") }) { leftPartial += 1 }
        }
        // The kills did land both inside the report stage and after the switch of latest.
        #expect(leftPartial > 0, "no kill left an unfinished run behind")
        #expect(switched > 0, "no kill came after latest was switched")

        let last = try BinaryRunner.run(arguments)
        #expect(last.status == 0, "\(last.stderr)")
        try Self.expectComplete(out, users: 200)
        #expect(OutputTree.leftovers(under: out).isEmpty)
    }

    /// Shards and merges SIGKILLed at seeded random moments: running again
    /// what was killed always ends in the run one machine writes, and leaves
    /// nothing behind in `parts/`.
    @Test func aKilledShardOrMergeIsMadeGoodByRunningItAgain() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try GeneratedRatings.write(in: folder, users: 200, books: 200, perUser: 20)
        let arguments = { (out: URL) in ["recommend", input, "--out", out.path, "--no-enrich", "--threads", "2"] }
        let singleOut = folder.appendingPathComponent("single")
        #expect(try BinaryRunner.run(arguments(singleOut)).status == 0)
        var single = try Workspace.files(under: Workspace.latest(in: singleOut))
        single["summary.json"] = nil

        var random = SeededRandom(seed: 16)
        var mergesCutShort = 0
        for round in 0..<6 {
            // Each round starts afresh, so that no run compares with an earlier one.
            let out = folder.appendingPathComponent("out-\(round)")
            for index in 0..<2 {
                let shard = arguments(out) + ["--shard", "\(index)/2"]
                if index == round % 2 {
                    let run = try RunningBinary(shard)
                    try Self.waitForLine("stage=recommend event=done", in: run)
                    usleep(UInt32(random.next() % 40_000))
                    kill(run.pid, SIGKILL)
                    _ = try run.waitForExit(seconds: 60)
                    // A killed shard has no part, whatever it had written: the merge waits for it.
                    #expect(try BinaryRunner.run(["merge", out.path]).status == 66, "round \(round)")
                }
                #expect(try BinaryRunner.run(shard).status == 0, "round \(round)")
            }
            let merge = try RunningBinary(["merge", out.path])
            try Self.waitForLine("stage=merge event=start", in: merge)
            usleep(UInt32(random.next() % 30_000))
            kill(merge.pid, SIGKILL)
            _ = try merge.waitForExit(seconds: 60)
            if FileManager.default.fileExists(atPath: out.appendingPathComponent("parts/run").path) {
                mergesCutShort += 1
            }
            let again = try BinaryRunner.run(["merge", out.path])
            // A merge killed after it had finished leaves no parts: the second finds nothing to do.
            #expect(again.status == 0 || (again.status == 66 && OutputTree.latest(in: out) != nil), "\(again.stderr)")
            var merged = try Workspace.files(under: Workspace.latest(in: out))
            merged["summary.json"] = nil
            #expect(merged.keys.sorted() == single.keys.sorted(), "round \(round)")
            for (path, data) in single where merged[path] != data { Issue.record("round \(round): \(path) differs") }
            #expect(OutputTree.runs(in: out).count == 1, "round \(round)")
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("parts").path), "round \(round)")
            // What a kill left while the parts were being removed goes with the next run that takes the lock.
            #expect(try BinaryRunner.run(arguments(out)).status == 0)
            #expect(OutputTree.leftovers(under: out).isEmpty, "round \(round): \(OutputTree.leftovers(under: out))")
        }
        #expect(mergesCutShort > 0, "no kill landed inside a merge")
    }

    /// Waits until `run` logged `marker`, or ended (a run may finish right after its last line).
    static func waitForLine(_ marker: String, in run: RunningBinary) throws {
        let deadline = Date().addingTimeInterval(60)
        while !run.stderr.contains(marker) && run.process.isRunning {
            guard Date() < deadline else { throw RunningBinary.TimedOut(waitingFor: marker, stderr: run.stderr) }
            usleep(1_000)
        }
    }

    /// `out/latest` names a complete run: every file there and parsing.
    static func expectComplete(
        _ out: URL, users: Int, _ context: String = "", sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let name = try #require(OutputTree.latest(in: out), "no latest (\(context))", sourceLocation: sourceLocation)
        let run = out.appendingPathComponent("runs").appendingPathComponent(name)
        let files = try Workspace.files(under: run)
        func text(_ path: String) throws -> String {
            String(
                decoding: try #require(files[path], "\(path) missing (\(context))", sourceLocation: sourceLocation),
                as: UTF8.self)
        }
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(try text("summary.json").utf8)) as? [String: Any])
        #expect(summary["users"] as? Int == users, "\(context)", sourceLocation: sourceLocation)
        let picks = try #require(summary["recommendations"] as? Int)
        let pages = files.keys.filter { $0.hasPrefix("users/") }
        #expect(pages.count == 2 * users, "\(context)", sourceLocation: sourceLocation)
        for path in pages where path.hasSuffix(".json") {
            let document = try JSONSerialization.jsonObject(with: Data(try text(path).utf8)) as? [String: Any]
            #expect(document?["user"] is String, "\(path) (\(context))", sourceLocation: sourceLocation)
        }
        for path in pages + ["index.html"] where path.hasSuffix(".html") {
            #expect(try text(path).hasSuffix("</html>\n"), "\(path) (\(context))", sourceLocation: sourceLocation)
        }
        let lines = try text("recommendations.jsonl").split(separator: "\n")
        #expect(lines.count == users, "\(context)", sourceLocation: sourceLocation)
        for line in lines {
            #expect(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any], sourceLocation: sourceLocation
            )
        }
        #expect(
            try text("recommendations.csv").split(separator: "\n").count == 1 + picks, sourceLocation: sourceLocation)
        #expect(try text("digest.txt").contains("Members:          \(users)\n"), sourceLocation: sourceLocation)
        #expect(try text("rejects.csv").hasPrefix("file,line,reason,record"), sourceLocation: sourceLocation)
    }
}
