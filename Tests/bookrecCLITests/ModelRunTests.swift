import Foundation
import Testing

@testable import BookRecommender

/// `bookrec train`, then runs that score with the model file instead of
/// fitting: on the same ratings their files are those of a run that fits.
@Suite struct ModelRunTests {
    /// The demo club, as `jobs/demo.json` reads it, without its filter settings.
    static let club = ["input/club", "--catalog", "input/catalog.csv"]
    static let filter = ["--similarity", "cosine", "--shrinkage", "0"]
    /// Summary fields that may differ between two runs on the same ratings: the clock, and the model's origin.
    static let perRun = ["startedAt", "seconds", "peakMemoryMB", "model"]

    static func run(_ arguments: [String]) throws -> BinaryRunner.Result {
        try BinaryRunner.run(arguments, in: Workspace.root)
    }

    /// Trains on `inputs` into `folder/club.bookrec`; returns its path and the result line.
    static func train(_ inputs: [String], in folder: URL, _ extra: [String] = filter) throws -> (String, String) {
        let model = folder.appendingPathComponent("club.bookrec").path
        let result = try run(["train"] + inputs + ["--model", model] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return (model, result.stdout)
    }

    /// The files of the run `out/latest` points at, and its summary as an object.
    static func latest(_ out: URL) throws -> ([String: Data], [String: Any]) {
        let files = try Workspace.files(under: Workspace.latest(in: out))
        let summary = try JSONSerialization.jsonObject(with: try #require(files["summary.json"]))
        return (files, try #require(summary as? [String: Any]))
    }

    /// The summary without `perRun` fields and the settings the runs were told
    /// to differ in (output folder, threads).
    static func withoutPerRunFields(_ summary: [String: Any]) -> NSDictionary {
        var summary = summary
        for field in perRun { summary[field] = nil }
        var settings = summary["settings"] as? [String: Any]
        settings?["out"] = nil
        settings?["threads"] = nil
        summary["settings"] = settings
        return summary as NSDictionary
    }

    /// Each reader of `club` with the keys of the books they have, rated or
    /// not (every book a reader has is learned from and never picked for them),
    /// as ingest reads the club.
    static func booksHad() throws -> [String: Set<String>] {
        let input = Workspace.root.appendingPathComponent("input")
        let result = try Ingestor(format: nil, columns: nil, policy: .skip).ingest(
            InputExpansion.files(for: [input.appendingPathComponent("club").path]),
            catalogFile: InputFile(path: input.appendingPathComponent("catalog.csv").path),
            rejects: RejectLog(streamingTo: nil))
        var had: [String: Set<String>] = [:]
        let users = result.data.ratingUser + result.data.shelfUser
        let items = result.data.ratingItem + result.data.shelfItem
        for (user, item) in zip(users, items) {
            had[result.data.userIDs[Int(user)], default: []].insert(result.data.itemKeys[Int(item)])
        }
        return had
    }

    @Test func aRunWithTheModelWritesEveryFileOfARunThatFits() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (model, line) = try Self.train(Self.club, in: folder)
        // The readers' rows: 166 star ratings and 14 books without stars.
        #expect(line.contains(": 59 books, 13 readers, 180 ratings, "))
        #expect(line.contains("(cosine); fingerprint "))
        let common = ["recommend"] + Self.club + ["--top", "5", "--no-enrich"]
        let fitted = folder.appendingPathComponent("fitted")
        #expect(try Self.run(common + Self.filter + ["--out", fitted.path]).status == 0)
        let (fittedFiles, fittedSummary) = try Self.latest(fitted)
        for threads in ["1", "3"] {
            let loaded = folder.appendingPathComponent("loaded-\(threads)")
            let result = try Self.run(common + ["--model", model, "--threads", threads, "--out", loaded.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("event=loaded file=\(model)"))
            var (files, summary) = try Self.latest(loaded)
            #expect(files.keys.sorted() == fittedFiles.keys.sorted())
            for (path, data) in fittedFiles where path != "summary.json" && files[path] != data {
                Issue.record("\(path) differs with --model --threads \(threads)")
            }
            #expect(Self.withoutPerRunFields(summary) == Self.withoutPerRunFields(fittedSummary))
            let source = try #require(summary["model"] as? [String: Any])
            #expect(source["path"] as? String == model)
            #expect(source["sameInputs"] as? Bool == true)
            #expect(source["books"] as? Int == 59 && source["readers"] as? Int == 13)
            #expect(line.contains("fingerprint \(try #require(source["fingerprint"] as? String));"))
            #expect((source["trainedAt"] as? String)?.count == 20)
            let settings = try #require(source["settings"] as? [String: Any])
            #expect(settings["similarity"] as? String == "cosine" && settings["neighbors"] as? Int == 64)
            #expect(settings["shrinkage"] as? Double == 0 && settings["threshold"] as? Double == 0.001)
            summary["model"] = nil
            #expect(fittedSummary["model"] == nil)
            let schema = try DigestAgreesWithSummaryTests.schema("summary.schema.json")
            let document = try JSONDecoder().decode(JSONValue.self, from: try #require(files["summary.json"]))
            #expect(schema.errors(in: document) == [])
        }
    }

    /// A run scoring with a model trained on its very ratings takes the
    /// readers' rows from the model: ratings repeated in the input are still
    /// resolved and counted as a run that fits resolves and counts them.
    @Test func repeatedRatingsCountAsInARunThatFits() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = "user,item,rating\n"
        for user in 0..<12 {
            for book in 0..<8 { text += "u\(user),b\((user + book * 3) % 20),\(1 + (user + book) % 5)\n" }
        }
        // Three repeats, the later rating winning: u0 changes its mind twice, u5 once.
        text += "u0,b0,1\nu0,b0,5\nu5,b5,2\n"
        let input = folder.appendingPathComponent("ratings.csv")
        try Data(text.utf8).write(to: input)
        let (model, _) = try Self.train([input.path], in: folder)
        let common = ["recommend", input.path, "--top", "4", "--no-enrich"]
        let fitted = folder.appendingPathComponent("fitted")
        #expect(try Self.run(common + Self.filter + ["--out", fitted.path]).status == 0)
        let (fittedFiles, fittedSummary) = try Self.latest(fitted)
        #expect(fittedSummary["duplicatesReplaced"] as? Int == 3)
        let loaded = folder.appendingPathComponent("loaded")
        let result = try Self.run(common + ["--model", model, "--out", loaded.path])
        #expect(result.status == 0, "\(result.stderr)")
        let (files, summary) = try Self.latest(loaded)
        #expect((summary["model"] as? [String: Any])?["sameInputs"] as? Bool == true)
        #expect(Self.withoutPerRunFields(summary) == Self.withoutPerRunFields(fittedSummary))
        #expect(files.keys.sorted() == fittedFiles.keys.sorted())
        for (path, data) in fittedFiles where path != "summary.json" && files[path] != data {
            Issue.record("\(path) differs with --model")
        }
    }

    @Test func aJobFileNamesTheModelRelativeToItsFolder() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.train(Self.club, in: folder)
        let input = Workspace.root.appendingPathComponent("input")
        let job = folder.appendingPathComponent("nightly.json")
        try Data(
            """
            {"inputs": ["\(input.path)/club"], "catalog": "\(input.path)/catalog.csv", "model": "club.bookrec",
             "top": 5, "enrich": false, "out": "out", "exportCoreML": "app/club.mlmodel"}
            """.utf8
        ).write(to: job)
        let result = try Self.run(["run", job.path])
        #expect(result.status == 0, "\(result.stderr)")
        let (_, summary) = try Self.latest(folder.appendingPathComponent("out"))
        let source = try #require(summary["model"] as? [String: Any])
        #expect(source["path"] as? String == folder.appendingPathComponent("club.bookrec").path)
        #expect((summary["settings"] as? [String: Any])?["similarity"] as? String == "cosine")
        // The job's export is the model's export, training date included.
        let direct = folder.appendingPathComponent("direct.mlmodel")
        #expect(
            try Self.run([
                "export-coreml", "--model", folder.appendingPathComponent("club.bookrec").path, "--out", direct.path,
            ]).status == 0)
        #expect(try Data(contentsOf: folder.appendingPathComponent("app/club.mlmodel")) == Data(contentsOf: direct))
    }

    /// Last week's model on this week's club: readers it never saw get picks,
    /// and nobody is recommended a book they have or one the model does not know.
    @Test func aModelFromOtherRatingsScoresNewReaders() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lastWeek = ["alice.csv", "bruno.csv", "chen.csv", "members.csv"].map { "input/club/\($0)" }
        let (model, line) = try Self.train(lastWeek + ["--catalog", "input/catalog.csv"], in: folder)
        let export = try Self.run([
            "export-coreml", "--model", model, "--out", folder.appendingPathComponent("m.mlmodel").path,
        ])
        #expect(export.status == 0, "\(export.stderr)")
        let books = try JSONSerialization.jsonObject(
            with: Data(contentsOf: folder.appendingPathComponent("books.json")))
        let known = Set(
            try #require((books as? [String: Any])?["books"] as? [[String: Any]]).compactMap { $0["item"] as? String })
        #expect(line.contains(": \(known.count) books, "))

        // One shard of one writes its readers' final files; what they have comes from ingest of the same club.
        let out = folder.appendingPathComponent("out")
        let result = try Self.run(
            ["recommend"] + Self.club + ["--model", model, "--no-enrich", "--out", out.path, "--shard", "0/1"])
        #expect(result.status == 0, "\(result.stderr)")
        let part = out.appendingPathComponent("parts/0-of-1")
        let summary = try DemoJobTests.object(try Data(contentsOf: part.appendingPathComponent("summary.json")))
        #expect((summary["model"] as? [String: Any])?["sameInputs"] as? Bool == false)
        let had = try Self.booksHad()
        #expect(try PartFile.summaries(in: part).count == 13)
        let files = try Workspace.files(under: out.appendingPathComponent("parts/run/users"))
        let pages = files.filter { $0.key.hasSuffix(".json") }
        #expect(pages.count == 13 && files.count == 26)
        var withFilterPicks = 0
        var members: Set<String> = []
        for (_, page) in pages {
            let reader = try DemoJobTests.object(page)
            let member = try #require(reader["user"] as? String)
            members.insert(member)
            let picks = try #require(reader["recommendations"] as? [[String: Any]])
            let theirs = try #require(had[member], "\(member)")
            #expect(picks.count == 10, "\(member)")
            for pick in picks {
                let item = try #require(pick["item"] as? String)
                #expect(known.contains(item) && !theirs.contains(item), "\(member): \(item)")
                // A reason is a book the reader has: rated, or read, borrowed… without stars.
                let because = (pick["because"] as? [[String: Any]] ?? []).compactMap { $0["item"] as? String }
                #expect(because.allSatisfy { known.contains($0) && theirs.contains($0) }, "\(member): \(because)")
            }
            if picks.contains(where: { $0["fallback"] as? Bool == false }) { withFilterPicks += 1 }
        }
        #expect(members == Set(had.keys))
        // Readers the model never saw (dana … milo) get filter picks from the books they share with it.
        #expect(withFilterPicks >= 10)
    }

    @Test func shardsWithTheModelMergeIntoTheRunThatFits() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try GeneratedRatings.write(in: folder, users: 90, books: 120, perUser: 15)
        let (model, _) = try Self.train([input], in: folder, [])
        let single = folder.appendingPathComponent("single")
        let common = ["recommend", input, "--no-enrich", "--top", "5"]
        #expect(try Self.run(common + ["--out", single.path]).status == 0)
        let sharded = folder.appendingPathComponent("sharded")
        for shard in 0..<2 {
            let result = try Self.run(common + ["--model", model, "--out", sharded.path, "--shard", "\(shard)/2"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let merge = try Self.run(["merge", sharded.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        let (one, oneSummary) = try Self.latest(single)
        let (merged, mergedSummary) = try Self.latest(sharded)
        #expect(one.keys.sorted() == merged.keys.sorted())
        for (path, data) in one where path != "summary.json" && merged[path] != data {
            Issue.record("\(path) differs after merging shards that used the model")
        }
        #expect(Self.withoutPerRunFields(oneSummary) == Self.withoutPerRunFields(mergedSummary))
        #expect((mergedSummary["model"] as? [String: Any])?["path"] as? String == model)
    }
}
