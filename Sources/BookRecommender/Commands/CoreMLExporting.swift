import Foundation

/// `bookrec export-coreml`: fits the filter on the inputs (or reads it from
/// a model file) and writes it as a Core ML item-similarity recommender, with
/// `books.json` (the app's book database) beside it.
package struct CoreMLExporting {
    let settings: RunSettings
    /// The Core ML model file to write.
    let out: String

    package init(settings: RunSettings, out: String) { (self.settings, self.out) = (settings, out) }

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
    package func run(log: Log) throws -> String {
        let model: BookModel
        if let path = settings.modelFile {
            model = try BookModel(contentsOf: URL(fileURLWithPath: path))
            log.info("model", "loaded", ["file": path, "fingerprint": model.fingerprint])
        } else {
            let result = try ReadOnlyIngest.read(try settings.inputFiles(), settings: settings, log: log)
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
