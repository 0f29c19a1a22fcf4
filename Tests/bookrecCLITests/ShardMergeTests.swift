import Foundation
import Testing

/// Three shards as separate processes, merged, against one machine's run.
@Suite(.serialized) struct ShardMergeTests {
    /// `summary.json` fields that may differ between a merged and a single run.
    static let timingFields = ["startedAt", "seconds", "peakMemoryMB"]

    static func summaryWithoutTimings(_ data: Data?) throws -> NSDictionary {
        let object = try JSONSerialization.jsonObject(with: try #require(data))
        var summary = try #require(object as? [String: Any])
        for field in timingFields { summary[field] = nil }
        return summary as NSDictionary
    }

    @Test func threeShardsMergedEqualTheSingleMachineRunByteForByte() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try GeneratedRatings.write(in: folder, users: 150, books: 200, perUser: 20)
        let out = folder.appendingPathComponent("out")
        let arguments = ["recommend", input, "--out", out.path, "--no-enrich", "--top", "5"]

        let single = try BinaryRunner.run(arguments)
        #expect(single.status == 0, "\(single.stderr)")
        let singleRun = try #require(OutputTree.latest(in: out))

        let shards = try (0..<3).map { try RunningBinary(arguments + ["--shard", "\($0)/3"]) }
        for shard in shards { #expect(try shard.waitForExit(seconds: 120) == 0, "\(shard.stderr)") }
        let parts = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("parts").path)
        #expect(parts.sorted() == ["0-of-3", "1-of-3", "2-of-3"])
        // Every shard wrote only its own users.
        let partUsers = try parts.map { part in
            try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("parts/\(part)/users").path)
                .filter { $0.hasSuffix(".json") }.count
        }
        #expect(partUsers.reduce(0, +) == 150 && partUsers.allSatisfy { $0 > 0 && $0 < 150 })

        let merge = try BinaryRunner.run(["merge", out.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.contains("merged 3 parts: 150 users"))
        let mergedRun = try #require(OutputTree.latest(in: out))
        #expect(mergedRun != singleRun)
        #expect(OutputTree.runs(in: out) == [singleRun, mergedRun])
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("parts/0-of-3").path))

        var one = try Workspace.files(under: out.appendingPathComponent("runs/\(singleRun)"))
        var merged = try Workspace.files(under: out.appendingPathComponent("runs/\(mergedRun)"))
        #expect(
            try Self.summaryWithoutTimings(one["summary.json"]) == Self.summaryWithoutTimings(merged["summary.json"]))
        one["summary.json"] = nil
        merged["summary.json"] = nil
        #expect(one.keys.sorted() == merged.keys.sorted())
        for (path, data) in one where merged[path] != data { Issue.record("\(path) differs after the merge") }
        // Two files per user, then recommendations.csv/.jsonl, digest.txt, index.html, rejects.csv.
        #expect(one.count == 2 * 150 + 5)
    }

    @Test func aMissingPartExits66NamingItAndChangesNothing() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try GeneratedRatings.write(in: folder, users: 40, books: 60, perUser: 10)
        let out = folder.appendingPathComponent("out")
        for index in [0, 2] {
            let result = try BinaryRunner.run([
                "recommend", input, "--out", out.path, "--no-enrich", "--shard", "\(index)/3",
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let before = OutputTree.entries(under: out)
        let merge = try BinaryRunner.run(["merge", out.path])
        #expect(merge.status == 66)
        #expect(merge.stderr.contains("shards 1 of 3 have no part yet"))
        #expect(OutputTree.entries(under: out).keys.sorted() == before.keys.sorted())
        #expect(OutputTree.latest(in: out) == nil)

        let nothing = try BinaryRunner.run(["merge", folder.appendingPathComponent("elsewhere").path])
        #expect(nothing.status == 66)
    }
}
