import BookRecommender
import Foundation

/// `bookrec train --join PART... --model FILE [options]`: the command line
/// of `TrainingJoin`. It reads no input, so it takes only the filter options
/// (each checked against the parts') and `--model`.
struct TrainJoinCommand {
    static let options: [ArgumentParser.Option] =
        Setting.parserOptions.filter { (FixedFilterOptions.flags + ["model"]).contains($0.name) } + CLI.behaviourOptions
        + [.init("join", takesValue: false)]

    var settings: RunSettings
    /// The filter options given, by name.
    var given: [String]
    /// The part files, as given.
    var parts: [String]
    /// The model file to write.
    var path: String
    /// `SOURCE_DATE_EPOCH`, written as the training time when set (`TrainCommandLine`).
    var trainedAt: Date?

    /// Reads the command line (without `bookrec train`).
    /// - Throws: `UsageError` for unknown or invalid options, no PART, no
    ///   `--model`, or a bad `SOURCE_DATE_EPOCH`.
    init(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(UsageError)
    {
        let line = try TrainCommandLine(arguments, options: Self.options, environment: environment)
        guard !line.parsed.positionals.isEmpty else { throw .missingArgument("PART") }
        (settings, path, trainedAt) = (line.settings, line.path, line.trainedAt)
        parts = line.parsed.positionals
        given = FixedFilterOptions.flags.filter(line.parsed.has)
    }

    /// The join the command line asks for.
    var join: TrainingJoin {
        TrainingJoin(settings: settings, given: given, parts: parts, path: path, trainedAt: trainedAt)
    }
}
