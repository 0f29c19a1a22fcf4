import Foundation
import Testing

/// The library's run as two shards and a merge: the loans are counted as
/// books without stars in the merge's line and in the digest, and the merged
/// run is the single run.
@Suite struct LibraryShardsTests {
    @Test func twoShardsMergedAreTheSingleRunAndCountTheLoans() throws {
        let (single, singleOut) = try LibraryLoansRunTests.run(threads: 2)
        let out = try Workspace.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: singleOut)
            try? FileManager.default.removeItem(at: out)
        }
        #expect(single.status == 0, "\(single.stderr)")
        for shard in ["0/2", "1/2"] {
            let part = try BinaryRunner.run(
                [
                    "recommend", LibraryLoansRunTests.loans, "--catalog", LibraryLoansRunTests.catalog, "--no-enrich",
                    "--out", out.path, "--shard", shard,
                ], in: Workspace.root)
            #expect(part.status == 0, "\(part.stderr)")
        }
        let merge = try BinaryRunner.run(["merge", out.path], in: Workspace.root)
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(
            merge.stdout.hasPrefix(
                "bookrec: merged 2 parts: 40 users, 23 books, 0 ratings and 373 books without stars used, 2 rejected; "),
            "\(merge.stdout)")

        var one = try Workspace.files(under: Workspace.latest(in: singleOut))
        var merged = try Workspace.files(under: Workspace.latest(in: out))
        let digest = String(decoding: try #require(merged["digest.txt"]), as: UTF8.self)
        #expect(
            digest.contains("\nRatings:          0\nWithout stars:    373 (loan 373)\nRejected records: 2\n"),
            "\(digest)")
        let index = String(decoding: try #require(merged["index.html"]), as: UTF8.self)
        #expect(index.contains("<li><strong>373</strong> books without stars (loan 373)</li>"))
        let summaries = try (DemoJobTests.object(one["summary.json"]), DemoJobTests.object(merged["summary.json"]))
        #expect(ModelRunTests.withoutPerRunFields(summaries.0) == ModelRunTests.withoutPerRunFields(summaries.1))
        one["summary.json"] = nil
        merged["summary.json"] = nil
        #expect(one.keys.sorted() == merged.keys.sorted())
        for (path, data) in one where merged[path] != data {
            Issue.record("\(path) differs between the single run and the merged shards")
        }
    }
}
