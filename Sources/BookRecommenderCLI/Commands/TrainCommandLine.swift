import BookRecommender
import Foundation

/// What `train` and `train --join` read alike from their command line and
/// environment, and how they report the file they wrote.
struct TrainCommandLine {
    let parsed: ArgumentParser.Parsed
    var settings = RunSettings()
    /// `--model FILE`: the file to write.
    let path: String
    /// `SOURCE_DATE_EPOCH` (the reproducible-builds convention), written as
    /// the training time when set, so the same inputs give the same bytes
    /// whichever way they were trained.
    let trainedAt: Date?

    /// Parses `arguments` with `options` and applies them to `settings`.
    /// - Throws: `UsageError` for unknown or invalid options, no `--model`,
    ///   or a `SOURCE_DATE_EPOCH` that is not whole seconds since 1970.
    init(_ arguments: [String], options: [ArgumentParser.Option], environment: [String: String]) throws(UsageError) {
        parsed = try ArgumentParser(options: options).parse(arguments)
        try LogFormatOption.check(parsed)
        try Setting.apply(parsed, to: &settings)
        guard let path = settings.modelFile else { throw .missingArgument("--model FILE") }
        self.path = path
        if let text = environment["SOURCE_DATE_EPOCH"] {
            guard let seconds = Int64(text), seconds >= 0 else {
                throw .invalidValue(option: "SOURCE_DATE_EPOCH", value: text, expected: "whole seconds since 1970")
            }
            trainedAt = Date(timeIntervalSince1970: TimeInterval(seconds))
        } else {
            trainedAt = nil
        }
    }
}
