import Foundation

/// `bookrec train --join`: joins the part files `train --part I/N` wrote
/// (`BookModelPart.join`) into the model file a single `train` on the same
/// inputs writes. Each filter option given must be what the parts were
/// trained with, so a script that passes the same options to every step
/// cannot join a model other than the one it asked for.
package struct TrainingJoin {
    /// The filter options a model fixes, which may be given to be checked.
    package static let filterFlags = ["similarity", "neighbors", "threshold", "shrinkage", "weights"]

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
        try check(joined)
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

    /// - Throws: `TrainingPartError.optionDisagrees` for the first option
    ///   given that is not the parts': `--similarity` may name what the parts
    ///   were asked for (`auto`) or what they fitted.
    private func check(_ joined: BookModelPart.Joined) throws(TrainingPartError) {
        let (mine, theirs) = (settings.model, joined.model.options)
        for name in given {
            let (value, parts) = (Self.text(of: name, in: mine), Self.text(of: name, in: theirs))
            let asked = name == "similarity" && mine.similarity == joined.requestedSimilarity
            guard value == parts || asked else {
                throw .optionDisagrees(option: name, given: value, parts: "--\(name) \(parts)")
            }
        }
    }

    /// Filter option `name`'s value in `options`, as the command line gives it (a float's text
    /// reads back as the same float, so equal texts are equal values).
    private static func text(of name: String, in options: ModelOptions) -> String {
        switch name {
        case "similarity": options.similarity.rawValue
        case "neighbors": "\(options.neighbors)"
        case "threshold": "\(options.threshold)"
        case "shrinkage": "\(options.shrinkage)"
        default: options.weights.text
        }
    }
}
