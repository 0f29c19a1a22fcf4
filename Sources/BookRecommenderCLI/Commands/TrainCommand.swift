import BookRecommender
import Foundation

/// `bookrec train INPUT... --model FILE [options]`: fits the filter once and
/// writes it as a model file, which `recommend --model`, a job's `"model"`,
/// `export-coreml --model` and Swift programs (`BookModel(contentsOf:)`) read
/// instead of fitting again.
struct TrainCommand {
    /// The settings flags `train` shares with `recommend` (from `Setting.all`):
    /// ingest, threads, the filter settings a model fixes, and the file to write.
    static let settingFlags: Set<String> = [
        "format", "columns", "rating-scale", "catalog", "threads", "similarity", "neighbors", "threshold",
        "shrinkage", "weights", "model",
    ]

    static let options: [ArgumentParser.Option] =
        Setting.parserOptions.filter { settingFlags.contains($0.name) } + CLI.behaviourOptions

    var settings = RunSettings()
    /// The model file to write.
    var path: String

    /// Reads the command line (without `bookrec train`).
    /// - Throws: `UsageError` for unknown or invalid options, no INPUT, or no `--model`.
    init(arguments: [String]) throws(UsageError) {
        let parsed = try ArgumentParser(options: Self.options).parse(arguments)
        try CLI.checkLogFormat(parsed)
        try Setting.apply(parsed, to: &settings)
        guard let path = settings.modelFile else { throw .missingArgument("--model FILE") }
        self.path = path
        guard !parsed.positionals.isEmpty else { throw .missingArgument("INPUT") }
        settings.inputs = parsed.positionals
    }

    /// Ingests (bad records skipped and reported on stderr), fits, and writes
    /// the model file atomically, with what ingest gave (`TrainingIngest`) for
    /// runs that score the same inputs; returns the result line.
    /// - Throws: `IngestError` (66 for a missing input), `RunError.noRatings`
    ///   (65), `BookModelError.cannotWrite` (73).
    func run(log: Log) throws -> String {
        var stopwatch = Stopwatch()
        let files = try settings.inputFiles()
        let stamp = try inputStamp(files)
        let rejects = RejectLog(collectingUpTo: TrainingIngest.rejectLimit, keep: ReadOnlyIngest.shown)
        let result = try ReadOnlyIngest.read(files, settings: settings, log: log, rejects: rejects)
        var model = try BookModel.fit(Ratings(data: result.data, items: result.items), options: settings.model)
        log.info(
            "model", "fitted",
            ["items": String(model.bookCount), "links": String(model.neighborLinks), "fingerprint": model.fingerprint])
        // Stamped before and after reading: an input rewritten meanwhile is not vouched for.
        if let stamp, try inputStamp(files) == stamp {
            model.trainingIngest = TrainingIngest(result, rejects: rejects, stamp: stamp)
            if model.trainingIngest == nil {
                log.info(
                    "model", "ingest not kept",
                    ["reason": "the rejected rows take more than \(TrainingIngest.rejectLimit) bytes"])
            }
        } else {
            log.info("model", "ingest not kept", ["reason": "an input changed or could not be read while training"])
        }
        let url = URL(fileURLWithPath: path)
        try model.write(to: url)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        log.info("model", "written", ["file": url.path, "bytes": String(bytes)])
        return "bookrec: model \(url.path): \(model.bookCount) books, \(model.readerCount) readers, "
            + "\(model.ratingCount) ratings, \(model.neighborLinks) neighbour links "
            + "(\(model.options.similarity.rawValue)); fingerprint \(model.fingerprint); \(bytes) bytes "
            + "(\(stopwatch.lap()) s)\n"
    }

    /// The stamp of ingesting `files` with these settings (`InputStamp`).
    /// - Throws: `IngestError` when the catalog cannot be found.
    private func inputStamp(_ files: [InputFile]) throws -> InputStamp? {
        InputStamp.of(files, catalog: try settings.catalogFile(), settings: settings)
    }
}
