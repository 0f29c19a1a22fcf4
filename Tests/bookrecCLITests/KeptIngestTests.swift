import Foundation
import Testing

@testable import BookRecommender

/// A run scoring with a model that `bookrec train` fitted on its very inputs
/// takes the ingest the model kept instead of reading them again; a changed
/// input or ingest setting, or `--on-bad-record fail` with rejects, reads them.
/// Either way the run's files are the same.
@Suite struct KeptIngestTests {
    static let kept = "event=\"kept by model\""

    /// Runs `recommend` on `inputs` with `model` into `folder/name`; the run's files and summary.
    static func recommend(
        _ inputs: [String], model: String, into folder: URL, _ name: String, _ extra: [String] = []
    ) throws -> (BinaryRunner.Result, [String: Data], [String: Any]) {
        let out = folder.appendingPathComponent(name)
        let result = try ModelRunTests.run(
            ["recommend"] + inputs + ["--model", model, "--top", "5", "--no-enrich", "--out", out.path] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let (files, summary) = try ModelRunTests.latest(out)
        return (result, files, summary)
    }

    /// `model` without its kept ingest, written beside it.
    static func withoutIngest(_ model: String) throws -> String {
        var stripped = try BookModel(contentsOf: URL(fileURLWithPath: model))
        #expect(stripped.trainingIngest != nil)
        stripped.trainingIngest = nil
        let path = model + ".read-inputs"
        try stripped.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every file but `summary.json` and `except` is the same in `a` and `b`.
    static func expectSameFiles(_ a: [String: Data], _ b: [String: Data], _ what: String, except: Set<String> = []) {
        #expect(a.keys.sorted() == b.keys.sorted(), "\(what)")
        for (path, data) in a where path != "summary.json" && !except.contains(path) && b[path] != data {
            Issue.record("\(path) differs: \(what)")
        }
    }

    @Test func theKeptIngestGivesTheFilesOfARunThatReadsItsInputs() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (model, _) = try ModelRunTests.train(ModelRunTests.club, in: folder)
        let (keptRun, keptFiles, keptSummary) = try Self.recommend(
            ModelRunTests.club, model: model, into: folder, "kept")
        #expect(keptRun.stderr.contains(Self.kept))
        let rejects = String(decoding: try #require(keptFiles["rejects.csv"]), as: UTF8.self)
        #expect(rejects.split(separator: "\n").count == 3, "\(rejects)")
        let (readRun, readFiles, readSummary) = try Self.recommend(
            ModelRunTests.club, model: try Self.withoutIngest(model), into: folder, "read")
        #expect(!readRun.stderr.contains(Self.kept))
        #expect(readRun.stderr.contains("event=file path=input/club/members.csv"))
        Self.expectSameFiles(keptFiles, readFiles, "kept against read")
        #expect(ModelRunTests.withoutPerRunFields(keptSummary) == ModelRunTests.withoutPerRunFields(readSummary))
        for summary in [keptSummary, readSummary] {
            #expect((summary["model"] as? [String: Any])?["sameInputs"] as? Bool == true)
        }
    }

    /// A member added after training: the run reads the club, scores the new
    /// member with the model, and accounts for the club as it is now.
    @Test func anInputChangedAfterTrainingIsReadAgain() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let club = folder.appendingPathComponent("club")
        try FileManager.default.copyItem(at: Workspace.root.appendingPathComponent("input/club"), to: club)
        let inputs = [club.path, "--catalog", "input/catalog.csv"]
        let (model, _) = try ModelRunTests.train(inputs, in: folder)
        try FileManager.default.copyItem(
            at: club.appendingPathComponent("alice.csv"), to: club.appendingPathComponent("zoe.csv"))
        let (run, files, summary) = try Self.recommend(inputs, model: model, into: folder, "changed")
        #expect(!run.stderr.contains(Self.kept))
        #expect((summary["model"] as? [String: Any])?["sameInputs"] as? Bool == false)
        #expect(summary["users"] as? Int == 14)
        #expect(files.keys.contains { $0.hasPrefix("users/zoe") })
        let fitted = folder.appendingPathComponent("fitted")
        let fit = try ModelRunTests.run(
            ["recommend"] + inputs + ModelRunTests.filter + ["--top", "5", "--no-enrich", "--out", fitted.path])
        #expect(fit.status == 0, "\(fit.stderr)")
        let (fittedFiles, fittedSummary) = try ModelRunTests.latest(fitted)
        for field in ["records", "files", "members", "users", "items"] {
            #expect((summary[field] as? NSObject) == (fittedSummary[field] as? NSObject), "\(field)")
        }
        #expect(files["rejects.csv"] == fittedFiles["rejects.csv"])
    }

    /// Another build of `bookrec` (here this one with a byte appended, which
    /// still runs) trained the model: this build reads the inputs itself,
    /// since the two builds' ingest may differ.
    @Test func anIngestKeptByAnotherBuildIsReadAgain() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = folder.appendingPathComponent("bookrec-other")
        try FileManager.default.copyItem(at: BinaryRunner.binary, to: other)
        let handle = try FileHandle(forWritingTo: other)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        let model = folder.appendingPathComponent("other.bookrec").path
        let train = try BinaryRunner.run(
            ["train"] + ModelRunTests.club + ModelRunTests.filter + ["--model", model], in: Workspace.root,
            executable: other)
        #expect(train.status == 0, "\(train.stderr)")
        let (run, _, summary) = try Self.recommend(ModelRunTests.club, model: model, into: folder, "other")
        #expect(!run.stderr.contains(Self.kept))
        #expect((summary["model"] as? [String: Any])?["sameInputs"] as? Bool == true)
        let (ownModel, _) = try ModelRunTests.train(ModelRunTests.club, in: folder)
        let (own, _, _) = try Self.recommend(ModelRunTests.club, model: ownModel, into: folder, "own")
        #expect(own.stderr.contains(Self.kept))
    }

    /// An ingest setting the model was not trained with (here columns that
    /// name what detection finds) reads the inputs, with the same result.
    @Test func anIngestSettingTheModelWasNotTrainedWithReadsAgain() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try GeneratedRatings.write(in: folder, users: 12, books: 30, perUser: 6)
        let (model, _) = try ModelRunTests.train([input], in: folder)
        let (keptRun, keptFiles, _) = try Self.recommend([input], model: model, into: folder, "kept")
        #expect(keptRun.stderr.contains(Self.kept))
        let (readRun, readFiles, readSummary) = try Self.recommend(
            [input], model: model, into: folder, "columns", ["--columns", "user=user,item=item,rating=rating"])
        #expect(!readRun.stderr.contains(Self.kept))
        #expect((readSummary["model"] as? [String: Any])?["sameInputs"] as? Bool == true)
        // `lists.tsv` records the run's ingest settings for the next digest, `--columns` among them.
        Self.expectSameFiles(keptFiles, readFiles, "kept against --columns", except: ["lists.tsv"])
        #expect(readFiles["lists.tsv"] != keptFiles["lists.tsv"])
    }

    /// `jobs/slurm` and `jobs/kubernetes` train with the inputs named on the
    /// command line and run the shards from `jobs/library-import.json`, whose
    /// paths are relative to `jobs/`: from the project folder both name the
    /// same paths, so the shards take the ingest the train step kept.
    @Test func theSchedulerExamplesShardsTakeTheKeptIngest() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try String(
            contentsOf: Workspace.root.appendingPathComponent("jobs/slurm/bookrec-train.sbatch"), encoding: .utf8)
        let command = script.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n")
            .first { $0.hasPrefix("exec .build/release/bookrec train ") }
        var arguments = try #require(command).split(separator: " ").dropFirst(3).map(String.init)
        let model = folder.appendingPathComponent("library-import.bookrec").path
        let modelFlag = try #require(arguments.firstIndex(of: "--model"))
        arguments[modelFlag + 1] = model
        let train = try ModelRunTests.run(["train"] + arguments)
        #expect(train.status == 0, "\(train.stderr)")
        let shard = try ModelRunTests.run([
            "run", "jobs/library-import.json", "--model", model, "--shard", "0/4", "--no-enrich", "--out",
            folder.appendingPathComponent("out").path,
        ])
        #expect(shard.status == 0, "\(shard.stderr)")
        #expect(shard.stderr.contains(Self.kept), "\(shard.stderr)")
    }

    /// The model kept the club's rejects, but `fail` stops at the first bad
    /// record: the run reads the club and stops there, as without the model.
    @Test func failingOnBadRecordsStillStopsAtTheFirst() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (model, _) = try ModelRunTests.train(ModelRunTests.club, in: folder)
        let common = ["recommend"] + ModelRunTests.club + ["--no-enrich", "--on-bad-record", "fail"]
        let withModel = try ModelRunTests.run(
            common + ["--model", model, "--out", folder.appendingPathComponent("a").path])
        let fitting = try ModelRunTests.run(common + ["--out", folder.appendingPathComponent("b").path])
        #expect(withModel.status == 65 && fitting.status == 65)
        let message = "bookrec: input/club/members.csv:6: "
        #expect(withModel.stderr.contains(message) && fitting.stderr.contains(message), "\(withModel.stderr)")
        #expect(!withModel.stderr.contains(Self.kept))
    }
}
