import Foundation
import Testing

@testable import BookRecommender

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
        // Both runs are first runs: the shards must not compare with the single run.
        let singleOut = folder.appendingPathComponent("single")
        try FileManager.default.moveItem(at: out, to: singleOut)

        let shards = try (0..<3).map { try RunningBinary(arguments + ["--shard", "\($0)/3"]) }
        for shard in shards { #expect(try shard.waitForExit(seconds: 120) == 0, "\(shard.stderr)") }
        let parts = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("parts").path)
        #expect(parts.sorted() == ["0-of-3", "1-of-3", "2-of-3", "run"])
        // The shards wrote their readers' files into the one folder they share, and each part lists only its own.
        let shared = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("parts/run").path)
        #expect(shared == ["users"])
        #expect(try Workspace.files(under: out.appendingPathComponent("parts/run/users")).count == 2 * 150)
        let partUsers = try (0..<3).map { index in
            try PartFile.summaries(in: out.appendingPathComponent("parts/\(index)-of-3")).count
        }
        #expect(partUsers.reduce(0, +) == 150 && partUsers.allSatisfy { $0 > 0 && $0 < 150 })
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("parts/0-of-3/users").path))

        let merge = try BinaryRunner.run(["merge", out.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.contains("merged 3 parts: 150 users"))
        let mergedRun = try #require(OutputTree.latest(in: out))
        #expect(mergedRun != singleRun)
        #expect(OutputTree.runs(in: out) == [mergedRun])
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("parts").path))

        var one = try Workspace.files(under: singleOut.appendingPathComponent("runs/\(singleRun)"))
        var merged = try Workspace.files(under: out.appendingPathComponent("runs/\(mergedRun)"))
        #expect(
            try Self.summaryWithoutTimings(one["summary.json"]) == Self.summaryWithoutTimings(merged["summary.json"]))
        one["summary.json"] = nil
        merged["summary.json"] = nil
        #expect(one.keys.sorted() == merged.keys.sorted())
        for (path, data) in one where merged[path] != data { Issue.record("\(path) differs after the merge") }
        // Two files per user, then recommendations.csv/.jsonl, lists.tsv, digest.txt, index.html, rejects.csv.
        #expect(one.count == 2 * 150 + 6)
    }

    /// Ids that differ only in case get hashed file names, and shards that
    /// hold one of a clashing pair each still name the files as one machine does.
    @Test func clashingIdsSplitAcrossShardsGetTheSameFilesAsOneMachine() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = "user,item,rating\n"
        let ids = (0..<30).flatMap { ["Reader\($0)", "reader\($0)"] } + ["Solo", "a/b", "a_b"]
        for (number, id) in ids.enumerated() {
            for book in 0..<12 { text += "\(id),book\((number * 7 + book * 5) % 40),\(1 + (number + book) % 5)\n" }
        }
        let input = folder.appendingPathComponent("ratings.csv")
        try Data(text.utf8).write(to: input)
        let shards = (0..<3).map { Shard(parsing: "\($0)/3")! }
        let index = { (id: String) in shards.firstIndex { $0.contains(user: id) }! }
        #expect(ids.indices.contains { $0 % 2 == 0 && $0 < 60 && index(ids[$0]) != index(ids[$0 + 1]) })

        let out = folder.appendingPathComponent("out")
        let arguments = ["recommend", input.path, "--out", out.path, "--no-enrich", "--top", "4"]
        #expect(try BinaryRunner.run(arguments).status == 0)
        let single = try Workspace.files(under: Workspace.latest(in: out))
        #expect(single.keys.contains("users/Reader0-\(SafeFileName.shortHash("Reader0")).html"))
        #expect(single.keys.contains("users/a_b-\(SafeFileName.shortHash("a_b")).json"))
        // The shards start afresh too, so that neither compares with an earlier run.
        try FileManager.default.removeItem(at: out)
        for shard in shards {
            let result = try BinaryRunner.run(arguments + ["--shard", "\(shard.index)/3"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        // What the shards wrote, by inode: the merge must keep these very files.
        var inodes: [String: UInt64] = [:]
        let users = out.appendingPathComponent("parts/run/users")
        for name in try FileManager.default.contentsOfDirectory(atPath: users.path) {
            inodes["users/" + name] = try Self.inode(users.appendingPathComponent(name))
        }
        #expect(inodes.count == 2 * ids.count)
        let merge = try BinaryRunner.run(["merge", out.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        var merged = try Workspace.files(under: Workspace.latest(in: out))
        var one = single
        one["summary.json"] = nil
        merged["summary.json"] = nil
        #expect(merged.keys.sorted() == one.keys.sorted())
        for (path, data) in one where merged[path] != data { Issue.record("\(path) differs after the merge") }
        for (path, inode) in inodes {
            #expect(try Self.inode(Workspace.latest(in: out).appendingPathComponent(path)) == inode, "\(path)")
        }
    }

    /// A reader's page lost from the shards' shared folder stops the merge
    /// (65), naming the page and the shard to run again, before anything
    /// changes; once that shard has run again, the merge goes through.
    @Test func aMissingPageExits65NamingItsShardAndChangesNothing() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try GeneratedRatings.write(in: folder, users: 40, books: 60, perUser: 10)
        let out = folder.appendingPathComponent("out")
        let arguments = ["recommend", input, "--out", out.path, "--no-enrich"]
        #expect(try BinaryRunner.run(arguments).status == 0)
        let latest = OutputTree.latest(in: out)
        for index in 0..<2 { #expect(try BinaryRunner.run(arguments + ["--shard", "\(index)/2"]).status == 0) }
        let users = out.appendingPathComponent("parts/run/users")
        let page = try #require(try FileManager.default.contentsOfDirectory(atPath: users.path).sorted().last)
        let shard = try #require(Shard(parsing: "1/2")).contains(user: String(page.dropLast(".html".count))) ? 1 : 0
        try FileManager.default.removeItem(at: users.appendingPathComponent(page))
        let parts = OutputTree.entries(under: out.appendingPathComponent("parts"))

        let merge = try BinaryRunner.run(["merge", out.path])
        #expect(merge.status == 65, "\(merge.stderr)")
        #expect(
            merge.stderr.contains("parts/run/users/\(page): missing; run shard \(shard)/2 again"), "\(merge.stderr)")
        #expect(OutputTree.latest(in: out) == latest)
        #expect(OutputTree.entries(under: out.appendingPathComponent("parts")) == parts)
        #expect(OutputTree.leftovers(under: out.appendingPathComponent("runs")).isEmpty)

        #expect(try BinaryRunner.run(arguments + ["--shard", "\(shard)/2"]).status == 0)
        let again = try BinaryRunner.run(["merge", out.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(OutputTree.latest(in: out) != latest)
        #expect(try Workspace.files(under: Workspace.latest(in: out).appendingPathComponent("users")).count == 80)
    }

    /// What earlier shard runs left in the shared folder (readers who have
    /// since left, a mail folder the run no longer has, club files of a
    /// stopped merge) is not carried into the merged run.
    @Test func leftoversOfEarlierShardRunsAreNotMerged() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try GeneratedRatings.write(in: folder, users: 30, books: 50, perUser: 10)
        let out = folder.appendingPathComponent("out")
        let arguments = ["recommend", input, "--out", out.path, "--no-enrich"]
        for index in 0..<2 { #expect(try BinaryRunner.run(arguments + ["--shard", "\(index)/2"]).status == 0) }
        let shared = out.appendingPathComponent("parts/run")
        for stale in ["users/gone.json", "users/gone.html", "mail/gone.eml", "index.html", "summary.json"] {
            try FileManager.default.createDirectory(
                at: shared.appendingPathComponent(stale).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("stale".utf8).write(to: shared.appendingPathComponent(stale))
        }
        let merge = try BinaryRunner.run(["merge", out.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        let files = try Workspace.files(under: Workspace.latest(in: out))
        #expect(files.keys.filter { $0.hasPrefix("users/") }.count == 60)
        #expect(files.keys.filter { $0.contains("gone") || $0.hasPrefix("mail/") }.isEmpty)
        #expect(files["index.html"].map { String(decoding: $0, as: UTF8.self).hasSuffix("</html>\n") } == true)
    }

    /// A merge stopped after it renamed the shared folder into `runs/` but
    /// before `latest` was switched and the parts removed is finished by the
    /// next merge, which renders nothing and adds no run.
    @Test func aMergeStoppedAfterItsRenameIsFinishedByTheNext() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try GeneratedRatings.write(in: folder, users: 30, books: 50, perUser: 10)
        let out = folder.appendingPathComponent("out")
        let arguments = ["recommend", input, "--out", out.path, "--no-enrich"]
        #expect(try BinaryRunner.run(arguments).status == 0)
        let previous = try #require(OutputTree.latest(in: out))
        for index in 0..<2 { #expect(try BinaryRunner.run(arguments + ["--shard", "\(index)/2"]).status == 0) }
        let parts = out.appendingPathComponent("parts")
        let kept = folder.appendingPathComponent("kept-parts")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        for index in 0..<2 {
            try FileManager.default.copyItem(
                at: parts.appendingPathComponent("\(index)-of-2"), to: kept.appendingPathComponent("\(index)-of-2"))
        }
        #expect(try BinaryRunner.run(["merge", out.path]).status == 0)
        let merged = try #require(OutputTree.latest(in: out))
        let mergedFiles = try Workspace.files(under: Workspace.latest(in: out))

        // The state a stop right after the rename leaves: the parts and the mark, `latest` not yet switched.
        #expect(!FileManager.default.fileExists(atPath: parts.path))
        try FileManager.default.copyItem(at: kept, to: parts)
        let starts = try (0..<2).map { index in
            let summary = try DemoJobTests.object(
                try Data(contentsOf: parts.appendingPathComponent("\(index)-of-2/summary.json")))
            return try #require(summary["startedAt"] as? String)
        }
        try JSONEncoder().encode(MergeMark(run: merged, parts: starts)).write(
            to: parts.appendingPathComponent("merged.json"))
        try FileManager.default.removeItem(at: out.appendingPathComponent("latest"))
        try FileManager.default.createSymbolicLink(
            atPath: out.appendingPathComponent("latest").path, withDestinationPath: "runs/\(previous)")

        let again = try BinaryRunner.run(["merge", out.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("event=finishing run=\(merged)"), "\(again.stderr)")
        #expect(OutputTree.latest(in: out) == merged)
        #expect(OutputTree.runs(in: out) == [previous, merged].sorted())
        #expect(!FileManager.default.fileExists(atPath: parts.path))
        #expect(try Workspace.files(under: Workspace.latest(in: out)) == mergedFiles)
    }

    static func inode(_ url: URL) throws -> UInt64 {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
        return UInt64(info.st_ino)
    }

    /// A shard run again withdraws its part first; a merge started meanwhile
    /// waits for it (75, naming the shard's lock and process) instead of
    /// reporting the part missing, and touches nothing.
    @Test func aMergeWhileAShardRunsExits75AndChangesNothing() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try GeneratedRatings.write(in: folder, users: 40, books: 60, perUser: 10)
        let out = folder.appendingPathComponent("out")
        let arguments = ["recommend", input, "--out", out.path, "--no-enrich"]
        for index in 0..<2 { #expect(try BinaryRunner.run(arguments + ["--shard", "\(index)/2"]).status == 0) }

        let shard = try RunningBinary(arguments + ["--shard", "1/2"])
        try shard.waitForLog("stage=ingest event=start")
        try shard.stop()
        let before = OutputTree.entries(under: out)
        let merge = try BinaryRunner.run(["merge", out.path])
        let after = OutputTree.entries(under: out)
        shard.resume()
        #expect(merge.status == 75, "\(merge.stderr)")
        #expect(
            merge.stderr.contains("bookrec-shard-1-of-2.lock: this job is already running (process \(shard.pid)"),
            "\(merge.stderr)")
        let changed = Set(before.keys).symmetricDifference(after.keys).union(
            after.keys.filter { before[$0] != after[$0] })
        #expect(changed.isEmpty, "\(changed.sorted())")

        #expect(try shard.waitForExit(seconds: 60) == 0)
        let again = try BinaryRunner.run(["merge", out.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Workspace.files(under: Workspace.latest(in: out).appendingPathComponent("users")).count == 80)
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
