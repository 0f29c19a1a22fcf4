import Foundation

/// `bookrec export-coreml INPUT... --out FILE.mlmodel [options]`: fits the
/// filter on the INPUTs and writes it as a Core ML item-similarity
/// recommender, with `books.json` (the app's book database) beside it.
struct ExportCoreMLCommand {
    /// The settings flags `export-coreml` shares with `recommend` (from `Setting.all`):
    /// ingest and the neighbour lists; `--cache` is read for covers.
    static let settingFlags: Set<String> = [
        "format", "columns", "rating-scale", "catalog", "threads", "similarity", "neighbors", "threshold", "shrinkage",
        "cache",
    ]

    static let options: [ArgumentParser.Option] =
        Setting.parserOptions.filter { settingFlags.contains($0.name) } + [
            .init("out"), .init("quiet", takesValue: false),
        ]

    var settings = RunSettings()
    /// The model file to write.
    var out: String

    /// Reads the command line (without `bookrec export-coreml`).
    /// - Throws: `UsageError` for unknown or invalid options, no INPUT, or a
    ///   missing `--out` or one not ending in `.mlmodel`.
    init(arguments: [String]) throws(UsageError) {
        let parsed = try ArgumentParser(options: Self.options).parse(arguments)
        try Setting.apply(parsed, to: &settings)
        guard let out = parsed.value("out") else { throw .missingArgument("--out FILE.mlmodel") }
        guard out.hasSuffix(".mlmodel"), out.count > ".mlmodel".count else {
            throw .invalidValue(option: "--out", value: out, expected: "a file name ending in .mlmodel")
        }
        self.out = out
        guard !parsed.positionals.isEmpty else { throw .missingArgument("INPUT") }
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

    /// Ingests, fits, writes the model and `books.json`; returns the result line.
    /// - Throws: `IngestError` (66 for a missing input), `RunError.noRatings`
    ///   (65), `ReportError` when a file cannot be written (73).
    func run(log: Log) throws -> String {
        let result = try ReadOnlyIngest.read(
            try settings.inputFiles(), settings: settings, log: log)
        let model = Recommender(options: settings.model).fit(result.data)
        log.info("model", "fitted", ["items": String(result.data.itemCount), "links": String(model.neighborLinks)])
        let written = try CoreMLExport.write(
            model: model, data: result.data, items: result.items, to: URL(fileURLWithPath: out),
            cacheFolder: cacheFolder)
        log.info("export", "written", ["model": written.model.path, "books": written.books.path])
        return
            "bookrec: \(written.items) books, \(written.links) neighbour links (\(settings.model.similarity.rawValue)); "
            + "model: \(written.model.path); books: \(written.books.path) (\(written.covers) with covers)\n"
    }
}
