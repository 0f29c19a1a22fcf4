import BookRecommender
import Foundation

/// `bookrec train INPUT... --model FILE [--part I/N] [options]`: the command
/// line of `Training`, which writes the model file that `recommend --model`, a
/// job's `"model"`, `export-coreml --model` and Swift programs
/// (`BookModel(contentsOf:)`) read instead of fitting again, or one part of it
/// for `train --join` (`TrainJoinCommand`).
struct TrainCommand {
    /// The settings flags `train` shares with `recommend` (from `Setting.all`):
    /// ingest, threads, the filter settings a model fixes, and the file to write.
    static let settingFlags: Set<String> = [
        "format", "columns", "rating-scale", "catalog", "threads", "similarity", "neighbors", "threshold",
        "shrinkage", "weights", "model",
    ]

    static let options: [ArgumentParser.Option] =
        Setting.parserOptions.filter { settingFlags.contains($0.name) } + CLI.behaviourOptions + [.init("part")]

    var settings: RunSettings
    /// The model file to write (the part file with `--part`).
    var path: String
    /// `--part I/N`: the part to fit, or nil for the whole model.
    var part: TrainingPart?
    /// `SOURCE_DATE_EPOCH`, written as the training time when set (`TrainCommandLine`).
    var trainedAt: Date?

    /// Reads the command line (without `bookrec train`).
    /// - Throws: `UsageError` for unknown or invalid options, no INPUT, no
    ///   `--model`, or a bad `SOURCE_DATE_EPOCH`.
    init(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(UsageError)
    {
        let line = try TrainCommandLine(arguments, options: Self.options, environment: environment)
        let parsed = line.parsed
        (settings, path, trainedAt) = (line.settings, line.path, line.trainedAt)
        if let text = parsed.value("part") {
            guard let part = TrainingPart(parsing: text) else {
                throw .invalidValue(option: "--part", value: text, expected: "I/N with 0 ≤ I < N")
            }
            self.part = part
        }
        guard !parsed.positionals.isEmpty else { throw .missingArgument("INPUT") }
        settings.inputs = parsed.positionals
    }

    /// The training the command line asks for.
    var training: Training { Training(settings: settings, path: path, part: part, trainedAt: trainedAt) }
}
