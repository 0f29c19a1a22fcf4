import Foundation
import Testing

/// The merge reads each part's `summary.json` as a run summary: parts that
/// differ in anything but their own counts, timings and thread count are
/// refused, and a summary that is not one is named.
@Suite(.serialized) struct PartSummaryTests {
    /// Two shards of a small run, in `folder/out`.
    static func shards(in folder: URL, threads: [String] = ["1", "1"]) throws -> URL {
        let input = try GeneratedRatings.write(in: folder, users: 30, books: 50, perUser: 8)
        let out = folder.appendingPathComponent("out")
        for index in 0..<2 {
            let shard = try BinaryRunner.run(
                [
                    "recommend", input, "--out", out.path, "--no-enrich", "--shard", "\(index)/2", "--threads",
                    threads[index],
                ])
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        return out
    }

    static func summary(_ out: URL, part: Int) -> URL {
        out.appendingPathComponent("parts/\(part)-of-2/summary.json")
    }

    @Test func partsOnOtherThreadCountsMerge() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try Self.shards(in: folder, threads: ["1", "2"])
        let merge = try BinaryRunner.run(["merge", out.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.contains("merged 2 parts: 30 users"))
    }

    @Test func aPartWithOtherSettingsIsRefused() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try Self.shards(in: folder)
        let url = Self.summary(out, part: 1)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("\"top\": 10\n"))
        try Data(text.replacingOccurrences(of: "\"top\": 10\n", with: "\"top\": 11\n").utf8).write(to: url)
        let merge = try BinaryRunner.run(["merge", out.path])
        #expect(merge.status == 65)
        #expect(merge.stderr.contains("1-of-2/summary.json was made from other inputs or settings"), "\(merge.stderr)")
        #expect(OutputTree.latest(in: out) == nil)
    }

    @Test func aSummaryThatIsNotOneIsNamed() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = try Self.shards(in: folder)
        let url = Self.summary(out, part: 0)
        try Data("{\"users\": \"many\"}".utf8).write(to: url)
        let merge = try BinaryRunner.run(["merge", out.path])
        #expect(merge.status == 65)
        #expect(
            merge.stderr.contains("0-of-2/summary.json: cannot read the part: not a run summary (no schemaVersion)"),
            "\(merge.stderr)")
        #expect(OutputTree.latest(in: out) == nil)
    }
}
