import Foundation

/// `bookrec train`: reads the inputs (bad records skipped and reported on
/// stderr), fits the filter, or part I of N of it, or prepares the inputs for
/// parts to fit from (`PreparedInput`), and writes the model file (or part
/// file, or prepared input) atomically, with what ingest gave
/// (`TrainingIngest`) for runs that score the same inputs.
package struct Training {
    /// What a training writes.
    package enum Output: Sendable, Equatable {
        /// The model file.
        case model
        /// Part I of N's file (`--part I/N`).
        case part(TrainingPart)
        /// The prepared input (`--prepare`).
        case prepared
    }

    let settings: RunSettings
    /// The file to write.
    let path: String
    let output: Output
    /// Written as the training time when set (`SOURCE_DATE_EPOCH`).
    let trainedAt: Date?

    package init(settings: RunSettings, path: String, output: Output, trainedAt: Date?) {
        (self.settings, self.path, self.output, self.trainedAt) = (settings, path, output, trainedAt)
    }

    /// Ingests, fits (or prepares) and writes; returns the result line.
    /// - Throws: `IngestError` (66 for a missing input), `RunError.noRatings`
    ///   (65), `BookModelError.cannotWrite` (73).
    package func run(log: Log) throws -> String {
        var stopwatch = Stopwatch()
        let files = try settings.inputFiles()
        let stamp = try inputStamp(files)
        let rejects = RejectLog(collectingUpTo: TrainingIngest.rejectLimit, keep: ReadOnlyIngest.shown)
        let result = try ReadOnlyIngest.read(files, settings: settings, log: log, rejects: rejects)
        let ratings = Ratings(data: result.data, items: result.items)
        var fitted = try Fitted(ratings, options: settings.model, output: output)
        if let trainedAt { fitted.model.trainedAt = trainedAt }
        let model = fitted.model
        Self.logModel(output == .prepared ? "prepared" : "fitted", model, log: log)
        // Stamped before and after reading: an input rewritten meanwhile is not vouched for.
        if let stamp, try inputStamp(files) == stamp {
            fitted.model.trainingIngest = TrainingIngest(result, rejects: rejects, stamp: stamp)
            if fitted.model.trainingIngest == nil {
                log.info(
                    "model", "ingest not kept",
                    ["reason": "the rejected rows take more than \(TrainingIngest.rejectLimit) bytes"])
            }
        } else {
            log.info("model", "ingest not kept", ["reason": "an input changed or could not be read while training"])
        }
        let url = URL(fileURLWithPath: path)
        try fitted.write(to: url)
        let what =
            switch output {
            case .model: "model"
            case .part(let part): "part \(part.name)"
            case .prepared: "prepared input"
            }
        return Self.resultLine(what, url: url, model: model, log: log, seconds: stopwatch.lap())
    }

    /// The line a training prints: what it wrote to `url`, of `model`, in `seconds`.
    static func resultLine(_ what: String, url: URL, model: BookModel, log: Log, seconds: Double) -> String {
        let bytes = written(url, log: log)
        return "bookrec: \(what) \(url.path): \(model.bookCount) books, \(model.readerCount) readers, "
            + "\(model.ratingCount) ratings, \(model.neighborLinks) neighbour links "
            + "(\(model.options.similarity.rawValue)); fingerprint \(model.fingerprint); \(bytes) bytes "
            + "(\(seconds) s)\n"
    }

    /// Logs `event` (`fitted`, `prepared`) with the books, links and fingerprint of `model`.
    static func logModel(_ event: String, _ model: BookModel, log: Log) {
        log.info(
            "model", event,
            ["items": String(model.bookCount), "links": String(model.neighborLinks), "fingerprint": model.fingerprint])
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

    /// What a training fitted, in the form its output is written.
    private enum Fitted {
        case model(BookModel)
        case part(BookModelPart)
        case prepared(PreparedInput)

        init(_ ratings: Ratings, options: ModelOptions, output: Output) throws(BookModelError) {
            switch output {
            case .model: self = .model(try BookModel.fit(ratings, options: options))
            case .part(let part): self = .part(try BookModelPart.fit(ratings, options: options, part: part))
            case .prepared: self = .prepared(try PreparedInput.prepare(ratings, options: options))
            }
        }

        var model: BookModel {
            get {
                switch self {
                case .model(let model): model
                case .part(let part): part.model
                case .prepared(let prepared): prepared.model
                }
            }
            set {
                switch self {
                case .model: self = .model(newValue)
                case .part(var part):
                    part.model = newValue
                    self = .part(part)
                case .prepared(var prepared):
                    prepared.model = newValue
                    self = .prepared(prepared)
                }
            }
        }

        func write(to url: URL) throws(BookModelError) {
            switch self {
            case .model(let model): try model.write(to: url)
            case .part(let part): try part.write(to: url)
            case .prepared(let prepared): try PreparedInputFile.write(prepared, to: url)
            }
        }
    }
}
