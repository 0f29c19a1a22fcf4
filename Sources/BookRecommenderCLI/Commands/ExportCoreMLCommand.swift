import BookRecommender
import Foundation

/// `bookrec export-coreml INPUT... --out FILE.mlmodel [options]`: fits the
/// filter on the INPUTs (or reads it from `--model FILE`) and writes it as a
/// Core ML item-similarity recommender, with `books.json` (the app's book
/// database) beside it.
struct ExportCoreMLCommand {
    /// The settings flags `export-coreml` shares with `recommend` (from `Setting.all`):
    /// ingest and the neighbour lists; `--cache` is read for covers.
    static let settingFlags: Set<String> = [
        "format", "columns", "rating-scale", "catalog", "threads", "similarity", "neighbors", "threshold", "shrinkage",
        "weights",
        "cache",
    ]

    static let options: [ArgumentParser.Option] =
        Setting.parserOptions.filter { settingFlags.contains($0.name) } + [
            .init("out"), .init("model"), .init("quiet", takesValue: false),
        ]

    var settings = RunSettings()
    /// The model file to write.
    var out: String

    /// Reads the command line (without `bookrec export-coreml`).
    /// - Throws: `UsageError` for unknown or invalid options, no INPUT (nor
    ///   `--model`), INPUTs or fitting options beside `--model`, or a missing
    ///   `--out` or one not ending in `.mlmodel`.
    init(arguments: [String]) throws(UsageError) {
        let parsed = try ArgumentParser(options: Self.options).parse(arguments)
        try Setting.apply(parsed, to: &settings)
        guard let out = parsed.value("out") else { throw .missingArgument("--out FILE.mlmodel") }
        guard out.hasSuffix(".mlmodel"), out.count > ".mlmodel".count else {
            throw .invalidValue(option: "--out", value: out, expected: "a file name ending in .mlmodel")
        }
        self.out = out
        settings.modelFile = parsed.value("model")
        if settings.modelFile != nil {
            let reading = [
                "format", "columns", "rating-scale", "catalog", "similarity", "neighbors", "threshold", "shrinkage",
                "weights",
            ]
            if let flag = reading.first(where: parsed.has) {
                throw .conflictingOptions("--\(flag)", "--model", reason: "the model is read, not fitted")
            }
            if let input = parsed.positionals.first {
                throw .conflictingOptions(input, "--model", reason: "the model is read, not fitted on inputs")
            }
            return
        }
        guard !parsed.positionals.isEmpty else { throw .missingArgument("INPUT (or --model FILE)") }
        settings.inputs = parsed.positionals
    }

    /// The Google Books cache read for covers: `--cache`, else
    /// `cache/google-books` in the model's folder (where a `recommend` run
    /// with `--out` that folder keeps it).
    var cacheFolder: URL {
        settings.enrich.cache.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: out).deletingLastPathComponent().appendingPathComponent("cache")
            .appendingPathComponent("google-books")
    }

    /// Ingests and fits (or reads the model file), writes the Core ML model
    /// and `books.json`; returns the result line.
    /// - Throws: `IngestError` (66 for a missing input), `RunError.noRatings`
    ///   (65), `BookModelError` for a model file that is missing (66) or
    ///   damaged (65), `ReportError` when a file cannot be written (73).
    func run(log: Log) throws -> String {
        let model: BookModel
        if let path = settings.modelFile {
            model = try BookModel(contentsOf: URL(fileURLWithPath: path))
            log.info("model", "loaded", ["file": path, "fingerprint": model.fingerprint])
        } else {
            let result = try ReadOnlyIngest.read(
                try settings.inputFiles(), settings: settings, log: log)
            model = try BookModel.fit(Ratings(data: result.data, items: result.items), options: settings.model)
            log.info("model", "fitted", ["items": String(model.bookCount), "links": String(model.neighborLinks)])
        }
        let written = try CoreMLExport.write(model: model, to: URL(fileURLWithPath: out), cacheFolder: cacheFolder)
        log.info("export", "written", ["model": written.model.path, "books": written.books.path])
        return
            "bookrec: \(written.items) books, \(written.links) neighbour links (\(model.options.similarity.rawValue)); "
            + "model: \(written.model.path); books: \(written.books.path) (\(written.covers) with covers)\n"
    }
}
