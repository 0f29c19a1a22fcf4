import Foundation
import Testing

@testable import BookRecommender

/// A shard's run with a model file holds only its own readers' rows: the
/// model it reads, the ingest it takes (kept by the model, or parsed) and the
/// rows it scores leave every other reader empty, while its readers' rows,
/// the run's readers, books and accounting are those of a run of every reader.
@Suite struct ShardModelStageTests {
    /// The club (every export format, interactions, editions) with its catalog, scored with the model at `model`.
    static func settings(model: String, shard: Shard?) -> RunSettings {
        var settings = JobRunnerLibraryTests().settings(out: URL(fileURLWithPath: "/nonexistent"))
        settings.modelFile = model
        settings.shard = shard
        return settings
    }

    /// Trains on the club into `folder`, keeping the ingest (as `bookrec train` does) when `kept`.
    static func train(in folder: URL, kept: Bool) throws -> String {
        let settings = settings(model: "", shard: nil)
        let (files, catalog) = (try settings.inputFiles(), try settings.catalogFile())
        let rejects = RejectLog(collectingUpTo: TrainingIngest.rejectLimit)
        let result = try Ingestor(settings: settings).ingest(files, catalogFile: catalog, rejects: rejects)
        var model = try BookModel.fit(Ratings(data: result.data, items: result.items), options: settings.model)
        if kept {
            let stamp = try #require(InputStamp.of(files, catalog: catalog, settings: settings))
            model.trainingIngest = TrainingIngest(result, rejects: rejects, stamp: stamp)
            #expect(model.trainingIngest != nil)
        }
        let path = folder.appendingPathComponent("club.bookrec").path
        try model.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The run's model stage for `settings`: the model read, the ingest, and the model prepared.
    static func prepare(_ settings: RunSettings) throws -> (BookModel, Ingestor.Result, PreparedModel) {
        let log = Log(quiet: true)
        let stage = ModelStage(settings: settings, log: log)
        let model = try #require(try stage.load())
        let files = try settings.inputFiles()
        let catalog = try settings.catalogFile()
        let result = try IngestStage(settings: settings, log: log).run(
            files, catalog: catalog, plan: InputPlan.forRun(settings, model: model, files: files, catalog: catalog),
            rejects: RejectLog(streamingTo: nil))
        return (model, result, try stage.prepare(result, model: model))
    }

    @Test(arguments: [true, false])
    func aShardHoldsItsReadersRowsAndNoOthers(kept: Bool) throws {
        let folder = try JobRunnerLibraryTests().temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.train(in: folder, kept: kept)
        let (wholeModel, whole, every) = try Self.prepare(Self.settings(model: path, shard: nil))
        #expect(whole.keptByModel == kept && every.source?.sameInputs == true)
        var scored = 0
        for index in 0..<3 {
            let shard = Shard(index: index, count: 3)
            let (model, result, prepared) = try Self.prepare(Self.settings(model: path, shard: shard))
            #expect(result.keptByModel == kept && prepared.source?.sameInputs == true)
            #expect(result.data.userIDs == whole.data.userIDs && result.data.itemKeys == whole.data.itemKeys)
            #expect(result.files == whole.files && result.members == whole.members)
            #expect(model.readers.shard == shard && model.ratingCount == wholeModel.ratingCount)
            let mine = Set(shard.readers(among: result.data.userIDs))
            let others = (0..<result.data.userCount).filter { !mine.contains($0) }
            #expect(!mine.isEmpty && !others.isEmpty)
            // Nothing of another reader: not in the model read, not in the ingest, not in the rows scored.
            #expect(others.allSatisfy { model.readers.reader($0).byUser.entryCount == 0 })
            #expect(result.data.ratingUser.allSatisfy { mine.contains(Int($0)) })
            #expect(result.data.shelfUser.allSatisfy { mine.contains(Int($0)) })
            for rows in [prepared.rated, prepared.readers] {
                #expect(others.allSatisfy { rows.byUser.range(of: $0).isEmpty && rows.shelves.range(of: $0).isEmpty })
                #expect(
                    rows.byUser.entryCount == mine.reduce(0) { $0 + every.rated.byUser.range(of: $1).count },
                    "another reader's rows were kept")
            }
            #expect(wholeModel.readers.holdSame(prepared.rated, users: mine.sorted()))
            scored += mine.count
        }
        #expect(scored == whole.data.userCount)
    }
}
