import Foundation

/// `bookrec train --prepared FILE --part I/N`: fits part I of N from a
/// prepared input (`PreparedInput`, written by `train --prepare`) rather than
/// from the inputs, into the part file that `train INPUT... --part I/N` would
/// write, for `train --join`. Each filter option given must be what the input
/// was prepared with (`FixedFilterOptions`); `--threads` is this part's own.
package struct PreparedPartTraining {
    let settings: RunSettings
    /// The filter options given, by name.
    let given: [String]
    /// The prepared input, as given.
    let prepared: String
    let part: TrainingPart
    /// The part file to write.
    let path: String
    /// Written as the training time when set (`SOURCE_DATE_EPOCH`).
    let trainedAt: Date?

    package init(
        settings: RunSettings, given: [String], prepared: String, part: TrainingPart, path: String, trainedAt: Date?
    ) {
        (self.settings, self.given, self.prepared, self.part) = (settings, given, prepared, part)
        (self.path, self.trainedAt) = (path, trainedAt)
    }

    /// Reads the prepared input, checks the options given against it, fits
    /// the part and writes it atomically; returns the result line.
    /// - Throws: `TrainingPartError` (66 for a missing file, 64 for an option
    ///   that disagrees, 65 for a damaged or foreign one), `BookModelError.cannotWrite` (73).
    package func run(log: Log) throws -> String {
        var stopwatch = Stopwatch()
        let input = try PreparedInputFile.read(prepared)
        try FixedFilterOptions(
            options: input.model.options, requestedSimilarity: input.requestedSimilarity, byPrepared: true
        ).check(given: given, in: settings.model)
        var fitted = input.fit(part: part, threads: settings.model.threads)
        if let trainedAt { fitted.model.trainedAt = trainedAt }
        let model = fitted.model
        Training.logModel("fitted", model, log: log)
        let url = URL(fileURLWithPath: path)
        try fitted.write(to: url)
        return Training.resultLine(
            "part \(part.name)", url: url, model: model, log: log, seconds: stopwatch.lap())
    }
}
