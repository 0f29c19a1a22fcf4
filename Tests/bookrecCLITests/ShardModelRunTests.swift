import Foundation
import Testing

@testable import BookRecommender

/// Shards scoring with a model file hold only their own readers (the model
/// mapped, their rows alone kept), yet merged they are the single run with
/// that model, file for file and in every figure of `summary.json`: whether
/// they take the ingest the model kept or parse the inputs, on 1 or 2
/// threads, with repeated ratings, ids differing only in case, and ratings
/// that are not the model's for one reader.
@Suite struct ShardModelRunTests {
    enum Case: String, CaseIterable, CustomStringConvertible {
        /// The model kept the ingest of these very inputs.
        case kept
        /// The model kept none: every shard parses the inputs.
        case parsed
        /// The inputs differ from the model's in one rating: not the same inputs.
        case changed

        var description: String { rawValue }
    }

    /// Generated ratings, then repeats (the later rating wins) and `Ann`, `ann`
    /// and `ANN`; `changed`, one more repeat changes one reader's rating.
    static func input(in folder: URL, changed: Bool = false) throws -> String {
        let path = try GeneratedRatings.write(in: folder, users: 90, books: 120, perUser: 15)
        let extra = "reader3,book7,5\nreader3,book7,2\nAnn,book1,4\nann,book2,5\nANN,book3,3\nann,book2,1\n"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((extra + (changed ? "reader3,book7,4\n" : "")).utf8))
        try handle.close()
        return path
    }

    @Test(arguments: Case.allCases, [1, 2])
    func threeShardsMergedAreTheSingleRunWithTheModel(case: Case, threads: Int) throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let trainedOn = folder.appendingPathComponent("trained")
        try FileManager.default.createDirectory(at: trainedOn, withIntermediateDirectories: true)
        var (model, _) = try ModelRunTests.train([try Self.input(in: trainedOn)], in: folder, [])
        if `case` == .parsed { model = try KeptIngestTests.withoutIngest(model) }
        let input =
            `case` == .kept
            ? trainedOn.appendingPathComponent("ratings.csv").path
            : try Self.input(in: folder, changed: `case` == .changed)
        let ids = ["Ann", "ann", "ANN"]
        #expect(Set(ids.map { id in (0..<3).first { Shard(index: $0, count: 3).contains(user: id) } }).count > 1)

        let common = ["recommend", input, "--model", model, "--no-enrich", "--top", "5", "--threads", "\(threads)"]
        let single = folder.appendingPathComponent("single")
        let one = try ModelRunTests.run(common + ["--out", single.path])
        #expect(one.status == 0, "\(one.stderr)")
        let sharded = folder.appendingPathComponent("sharded")
        for shard in 0..<3 {
            let result = try ModelRunTests.run(common + ["--out", sharded.path, "--shard", "\(shard)/3"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains(KeptIngestTests.kept) == (`case` == .kept))
        }
        let merge = try ModelRunTests.run(["merge", sharded.path])
        #expect(merge.status == 0, "\(merge.stderr)")

        let (files, summary) = try ModelRunTests.latest(single)
        let (merged, mergedSummary) = try ModelRunTests.latest(sharded)
        #expect(files.keys.sorted() == merged.keys.sorted() && files.count > 2 * 93)
        for (path, data) in files where path != "summary.json" && merged[path] != data {
            Issue.record("\(path) differs after merging 3 shards (\(`case`), \(threads) threads)")
        }
        #expect(ModelRunTests.withoutPerRunFields(summary) == ModelRunTests.withoutPerRunFields(mergedSummary))
        let source = try #require(summary["model"] as? NSDictionary)
        #expect(source == mergedSummary["model"] as? NSDictionary)
        #expect(source["sameInputs"] as? Bool == (`case` != .changed))
        #expect((summary["duplicatesReplaced"] as? Int ?? 0) >= 2)
    }
}
