import Foundation

/// `bookrec train`: reads the inputs (bad records skipped and reported on
/// stderr), fits the filter, or part I of N of it, and writes the model file
/// (or part file) atomically, with what ingest gave (`TrainingIngest`) for
/// runs that score the same inputs.
package struct Training {
    let settings: RunSettings
    /// The model file to write (the part file with a part).
    let path: String
    /// The part to fit, or nil for the whole model.
    let part: TrainingPart?
    /// Written as the training time when set (`SOURCE_DATE_EPOCH`).
    let trainedAt: Date?

    package init(settings: RunSettings, path: String, part: TrainingPart?, trainedAt: Date?) {
        (self.settings, self.path, self.part, self.trainedAt) = (settings, path, part, trainedAt)
    }

    /// Ingests, fits and writes; returns the result line.
    /// - Throws: `IngestError` (66 for a missing input), `RunError.noRatings`
    ///   (65), `BookModelError.cannotWrite` (73).
    package func run(log: Log) throws -> String {
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
        let bytes = Self.written(url, log: log)
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

    /// Logs that `url` was written and returns its size in bytes.
    static func written(_ url: URL, log: Log) -> Int {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        log.info("model", "written", ["file": url.path, "bytes": String(bytes)])
        return bytes
    }
}
