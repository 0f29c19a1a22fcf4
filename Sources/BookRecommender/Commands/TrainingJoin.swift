import Foundation

/// `bookrec train --join`: joins the part files `train --part I/N` wrote
/// (`BookModelPart.join`) into the model file a single `train` on the same
/// inputs writes. Each filter option given must be what the parts were
/// trained with (`FixedFilterOptions`).
package struct TrainingJoin {
    let settings: RunSettings
    /// The filter options given, by name.
    let given: [String]
    /// The part files, as given.
    let parts: [String]
    /// The model file to write.
    let path: String
    /// Written as the training time when set (`SOURCE_DATE_EPOCH`).
    let trainedAt: Date?

    package init(settings: RunSettings, given: [String], parts: [String], path: String, trainedAt: Date?) {
        (self.settings, self.given, self.parts, self.path, self.trainedAt) = (settings, given, parts, path, trainedAt)
    }

    /// Joins the parts, checks the options given against them, and writes
    /// the model atomically; returns the result line.
    /// - Throws: `TrainingPartError` (66 for a missing part or file, 64 for
    ///   an option that disagrees, 65 otherwise), `BookModelError.cannotWrite` (73).
    package func run(log: Log) throws -> String {
        var stopwatch = Stopwatch()
        let joined = try BookModelPart.join(parts, trainedAt: trainedAt)
        try FixedFilterOptions(
            options: joined.model.options, requestedSimilarity: joined.requestedSimilarity, byPrepared: false
        )
        .check(given: given, in: settings.model)
        let model = joined.model
        log.info("model", "joined", ["parts": String(parts.count), "links": String(model.neighborLinks)])
        let url = URL(fileURLWithPath: path)
        try model.write(to: url)
        let bytes = Training.written(url, log: log)
        return "bookrec: model \(url.path) joined from \(parts.count) parts: \(model.bookCount) books, "
            + "\(model.readerCount) readers, \(model.ratingCount) ratings, \(model.neighborLinks) neighbour links "
            + "(\(model.options.similarity.rawValue)); fingerprint \(model.fingerprint); \(bytes) bytes "
            + "(\(stopwatch.lap()) s)\n"
    }
}
