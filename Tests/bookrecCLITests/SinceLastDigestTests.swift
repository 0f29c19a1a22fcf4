import Foundation
import Testing

/// A club run twice from the same settings with ratings changed in between:
/// what is new, what was read or shelved since, and the counts; then the
/// first run and a run with other settings, which compare nothing.
@Suite(.serialized) struct SinceLastDigestTests {
    /// A finished run's folder, files and parsed `summary.json`.
    struct Run {
        var name: String
        var files: [String: Data]

        func object(_ path: String) throws -> [String: Any] {
            let data = try #require(files[path])
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }

        func text(_ path: String) throws -> String { String(decoding: try #require(files[path]), as: UTF8.self) }

        /// Each pick of `reader` as (item, new).
        func picks(_ reader: String) throws -> [(item: String, new: Bool)] {
            let picks = try #require(try object("users/\(reader).json")["recommendations"] as? [[String: Any]])
            return try picks.map { (try #require($0["item"] as? String), try #require($0["new"] as? Bool)) }
        }

        var since: [String: Any] {
            get throws { try #require(try object("summary.json")["sinceLastDigest"] as? [String: Any]) }
        }
    }

    static func run(_ input: String, out: URL, top: Int = 5, _ extra: [String] = []) throws -> Run {
        let result = try BinaryRunner.run(
            ["recommend", input, "--out", out.path, "--no-enrich", "--top", "\(top)"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let folder = Workspace.latest(in: out)
        return Run(name: folder.lastPathComponent, files: try Workspace.files(under: folder))
    }

    @Test func aSecondRunMarksExactlyWhatIsNewAndWhatWasReadOrShelvedSince() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try GeneratedRatings.write(in: folder, users: 30, books: 60, perUser: 12)
        let out = folder.appendingPathComponent("out")

        let first = try Self.run(input, out: out)
        #expect(try first.since["comparison"] as? String == "first-run")
        #expect(try first.since["newPicks"] as? Int == 0)
        #expect(try first.since["previousRun"] == nil)
        for reader in 0..<30 { #expect(try first.picks("reader\(reader)").allSatisfy { !$0.new }) }
        let firstPage = try first.text("users/reader0.html")
        #expect(firstPage.contains("<p class=\"since\">This is the first digest, so no pick is marked new yet.</p>"))
        #expect(!firstPage.contains("class=\"new\""))
        #expect(try first.text("digest.txt").contains("This is the first digest, so no pick is marked new yet."))

        // reader0 reads their first pick, reader1 shelves theirs, reader29
        // leaves the club and a newcomer joins; every other list may shift.
        let read = try #require(try first.picks("reader0").first?.item)
        let shelved = try #require(try first.picks("reader1").first?.item)
        var text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: input)), as: UTF8.self)
        text = text.split(separator: "\n").filter { !$0.hasPrefix("reader29,") }.joined(separator: "\n") + "\n"
        text += "reader0,\(read),5\nreader1,\(shelved),0\n"
        text += (0..<8).map { "newcomer,book\($0 * 3),4\n" }.joined()
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))

        let second = try Self.run(input, out: out)
        var newPicks = 0, membersWithNew = 0
        for reader in 0..<29 {
            let before = Set(try first.picks("reader\(reader)").map(\.item))
            let now = try second.picks("reader\(reader)")
            for pick in now { #expect(pick.new == !before.contains(pick.item), "reader\(reader) \(pick.item)") }
            let new = now.count { $0.new }
            newPicks += new
            membersWithNew += new > 0 ? 1 : 0
        }
        #expect(newPicks > 0)
        #expect(try second.picks("reader0").allSatisfy { $0.item != read })
        #expect(try second.picks("newcomer").allSatisfy { !$0.new })

        let reader0 = try #require(try second.object("users/reader0.json")["sinceLastDigest"] as? [String: Any])
        #expect(reader0["comparison"] as? String == "compared")
        #expect(reader0["newMember"] as? Bool == false)
        #expect((reader0["read"] as? [[String: Any]])?.compactMap { $0["item"] as? String } == [read])
        #expect((reader0["shelved"] as? [Any])?.isEmpty == true)
        let reader1 = try #require(try second.object("users/reader1.json")["sinceLastDigest"] as? [String: Any])
        #expect((reader1["shelved"] as? [[String: Any]])?.compactMap { $0["item"] as? String } == [shelved])
        #expect((reader1["read"] as? [Any])?.isEmpty == true)
        let newcomer = try #require(try second.object("users/newcomer.json")["sinceLastDigest"] as? [String: Any])
        #expect(newcomer["newMember"] as? Bool == true)
        #expect(newcomer["newPicks"] as? Int == 0)

        let page0 = try second.text("users/reader0.html")
        #expect(page0.contains("You read \(read) since the last digest."))
        let new0 = try second.picks("reader0").count { $0.new }
        #expect(page0.components(separatedBy: "<span class=\"new\">New</span>").count == new0 + 1)
        #expect(try second.text("users/reader1.html").contains("You shelved \(shelved) since the last digest."))
        #expect(
            try second.text("users/newcomer.html").contains(
                "<p class=\"since\">Welcome: these are your first picks from the club.</p>"))

        let since = try second.since
        #expect(since["comparison"] as? String == "compared")
        #expect(since["previousRun"] as? String == first.name)
        #expect(since["differences"] as? [String] == [])
        #expect(since["membersGone"] as? Int == 1)
        #expect(since["membersCompared"] as? Int == 29)
        #expect(since["newMembers"] as? Int == 1)
        #expect(since["newPicks"] as? Int == newPicks)
        #expect(since["membersWithNewPicks"] as? Int == membersWithNew)
        #expect(since["readSince"] as? Int == 1)
        #expect(since["shelvedSince"] as? Int == 1)

        let digest = try second.text("digest.txt")
        let members = membersWithNew == 1 ? "1 member" : "\(membersWithNew) members"
        let picks = newPicks == 1 ? "1 new pick" : "\(newPicks) new picks"
        #expect(
            digest.contains(
                "Since the last digest (run \(first.name)): \(picks) for \(members), 1 new member, "
                    + "2 earlier picks read or shelved since, 1 member no longer in the club."))
        let reader0Part = try #require(digest.components(separatedBy: "\nreader0 (users/reader0.html)\n").last)
        let since0 =
            new0 == 0 ? "No new picks since the last digest." : (new0 == 1 ? "1 new pick" : "\(new0) new picks")
        #expect(reader0Part.hasPrefix("  \(since0)"))
        #expect(reader0Part.contains("You read \(read) since the last digest.\n"))
        #expect(
            digest.contains("\nnewcomer (users/newcomer.html)\n  Welcome: these are your first picks from the club.\n"))

        // The same input again: nothing is new, nothing left.
        let third = try Self.run(input, out: out)
        #expect(try third.since["previousRun"] as? String == second.name)
        #expect(try third.since["newPicks"] as? Int == 0)
        #expect(try third.since["newMembers"] as? Int == 0)
        #expect(try third.since["readSince"] as? Int == 0)
        #expect(
            try third.text("users/reader0.html").contains("<p class=\"since\">No new picks since the last digest.</p>"))
    }

    @Test func otherListSettingsSayWhatChangedAndMarkNothingNew() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try GeneratedRatings.write(in: folder, users: 20, books: 40, perUser: 10)
        let out = folder.appendingPathComponent("out")
        let first = try Self.run(input, out: out)
        // Threads and enrichment do not change what a list means: still compared.
        let threads = try Self.run(input, out: out, ["--threads", "3"])
        #expect(try threads.since["comparison"] as? String == "compared")
        #expect(try threads.since["previousRun"] as? String == first.name)
        #expect(try threads.since["newPicks"] as? Int == 0)

        let other = try Self.run(input, out: out, top: 3, ["--similarity", "jaccard"])
        let since = try other.since
        #expect(since["comparison"] as? String == "other-settings")
        #expect(since["previousRun"] as? String == threads.name)
        // Auto fitted bm25 with the sparse-data neighbours and shrinkage (10 books a reader);
        // jaccard named outright keeps the defaults, so those differ too.
        let differences = ["top 5 → 3", "similarity bm25 → jaccard", "neighbours 200 → 64", "shrinkage 5.0 → 20.0"]
        #expect(since["differences"] as? [String] == differences)
        #expect(since["newPicks"] as? Int == 0)
        #expect(since["membersCompared"] as? Int == 0)
        for reader in 0..<20 { #expect(try other.picks("reader\(reader)").allSatisfy { !$0.new }) }
        let sentence =
            "The settings changed since the last digest (\(differences.joined(separator: "; "))), "
            + "so picks are not compared with it and none is marked new."
        #expect(try other.text("users/reader0.html").contains("<p class=\"since\">\(sentence)</p>"))
        #expect(try other.text("digest.txt").contains(sentence))
    }

    /// Shards compare with the last merged run exactly as one machine compares with its last run.
    @Test func shardsMergedCompareAsOneMachine() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try GeneratedRatings.write(in: folder, users: 60, books: 80, perUser: 12)
        let single = folder.appendingPathComponent("single"), sharded = folder.appendingPathComponent("sharded")
        let first = try Self.run(input, out: single)
        try FileManager.default.copyItem(at: single, to: sharded)
        #expect(Workspace.latest(in: sharded).lastPathComponent == first.name)

        var text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: input)), as: UTF8.self)
        let read = try #require(try first.picks("reader3").first?.item)
        text += "reader3,\(read),4\nnewcomer,book1,5\nnewcomer,book2,4\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: input))

        let one = try Self.run(input, out: single)
        let arguments = ["recommend", input, "--out", sharded.path, "--no-enrich", "--top", "5"]
        for index in 0..<3 {
            let result = try BinaryRunner.run(arguments + ["--shard", "\(index)/3"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let merge = try BinaryRunner.run(["merge", sharded.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        var merged = try Workspace.files(under: Workspace.latest(in: sharded))
        var files = one.files
        let since = try one.since
        #expect(since["previousRun"] as? String == first.name)
        #expect(since["readSince"] as? Int == 1 && since["newMembers"] as? Int == 1)
        let mergedRun = Run(name: "", files: merged)
        #expect(try (mergedRun.since as NSDictionary) == (since as NSDictionary))

        files["summary.json"] = nil
        merged["summary.json"] = nil
        #expect(files.keys.sorted() == merged.keys.sorted())
        for (path, data) in files where merged[path] != data { Issue.record("\(path) differs after the merge") }
    }
}
