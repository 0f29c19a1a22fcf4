import BookRecommender
import Foundation

/// `bookrec train INPUT... --model FILE [options]`: fits the filter once and
/// writes it as a model file, which `recommend --model`, a job's `"model"`,
/// `export-coreml --model` and Swift programs (`BookModel(contentsOf:)`) read
/// instead of fitting again. With `--part I/N` it fits part I of N and writes
/// a part file instead, which `train --join` (`TrainJoinCommand`) joins.
struct TrainCommand {
    /// The settings flags `train` shares with `recommend` (from `Setting.all`):
    /// ingest, threads, the filter settings a model fixes, and the file to write.
    static let settingFlags: Set<String> = [
        "format", "columns", "rating-scale", "catalog", "threads", "similarity", "neighbors", "threshold",
        "shrinkage", "weights", "model",
    ]

    static let options: [ArgumentParser.Option] =
        Setting.parserOptions.filter { settingFlags.contains($0.name) } + CLI.behaviourOptions + [.init("part")]

    var settings: RunSettings
    /// The model file to write (the part file with `--part`).
    var path: String
    /// `--part I/N`: the part to fit, or nil for the whole model.
    var part: TrainingPart?
    /// `SOURCE_DATE_EPOCH`, written as the training time when set (`TrainCommandLine`).
    var trainedAt: Date?

    /// Reads the command line (without `bookrec train`).
    /// - Throws: `UsageError` for unknown or invalid options, no INPUT, no
    ///   `--model`, or a bad `SOURCE_DATE_EPOCH`.
    init(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(UsageError)
    {
        let line = try TrainCommandLine(arguments, options: Self.options, environment: environment)
        let parsed = line.parsed
        (settings, path, trainedAt) = (line.settings, line.path, line.trainedAt)
        if let text = parsed.value("part") {
            guard let part = TrainingPart(parsing: text) else {
                throw .invalidValue(option: "--part", value: text, expected: "I/N with 0 ≤ I < N")
            }
            self.part = part
        }
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
        let ratings = Ratings(data: result.data, items: result.items)
        var fittedPart = try part.map { part throws(BookModelError) in
            try BookModelPart.fit(ratings, options: settings.model, part: part)
        }
        var model = try fittedPart?.model ?? BookModel.fit(ratings, options: settings.model)
        if let trainedAt { model.trainedAt = trainedAt }
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
        if fittedPart != nil {
            fittedPart?.model = model
            try fittedPart?.write(to: url)
        } else {
            try model.write(to: url)
        }
        let bytes = TrainCommandLine.written(url, log: log)
        let what = part.map { "part \($0.name)" } ?? "model"
        return "bookrec: \(what) \(url.path): \(model.bookCount) books, \(model.readerCount) readers, "
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
