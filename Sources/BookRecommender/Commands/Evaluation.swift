/// `bookrec evaluate`: holds out part of every reader's books (or takes a
/// split made elsewhere), fits the filter on the rest and measures how well
/// its top-N lists, and the popularity list's, find the held-out books.
/// Writes no files.
package struct Evaluation {
    /// Where the test books come from.
    package enum Source: Equatable {
        /// A per-reader holdout of the inputs.
        case holdout([String], HoldoutSplit)
        /// A training file and a test file.
        case files(training: String, test: String)
    }

    let settings: RunSettings
    let source: Source
    /// The lowest held-out rating that counts as relevant.
    let relevantMin: Float
    /// A JSON document instead of the table.
    let json: Bool

    package init(settings: RunSettings, source: Source, relevantMin: Float, json: Bool) {
        (self.settings, self.source, self.relevantMin, self.json) = (settings, source, relevantMin, json)
    }

    /// Ingests, splits, evaluates; returns the table or the JSON document.
    /// - Throws: `IngestError` (an input cannot be read: 66), `RunError.noRatings` (65).
    package func run(log: Log) throws -> String {
        let split: EvaluationSplit
        switch source {
        case .holdout(let inputs, let holdout):
            let files = try InputExpansion.files(for: inputs, format: settings.format, columns: settings.columns)
            let result = try ReadOnlyIngest.read(files, settings: settings, log: log)
            split = holdout.split(result.data)
        case .files(let training, let test):
            let trainingFile = try InputExpansion.file(training)
            let testFile = try InputExpansion.file(test)
            let result = try ReadOnlyIngest.read([trainingFile, testFile], settings: settings, log: log)
            let trainingCounts = result.files[0].records
            split = EvaluationSplit(
                joined: result.data, trainingRatings: trainingCounts.used, trainingShelves: trainingCounts.shelved,
                training: [training], test: [test])
        }
        log.info(
            "evaluate", "split",
            ["training": String(split.training.ratingCount), "test": String(split.test.ratingCount)])
        let report = Evaluator(options: settings.model, relevantMin: relevantMin).evaluate(split)
        log.info("evaluate", "done", ["users": String(report.model.metrics.users)])
        return json ? report.json.text : report.table
    }
}
