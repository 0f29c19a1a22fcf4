import BookRecommender
import Foundation

/// `bookrec train INPUT... --model FILE [--part I/N | --prepare] [options]`
/// and `bookrec train --prepared FILE --part I/N --model PART [options]`: the
/// command lines of `Training`, which writes the model file that `recommend
/// --model`, a job's `"model"`, `export-coreml --model` and Swift programs
/// (`BookModel(contentsOf:)`) read instead of fitting again, or one part of
/// it for `train --join` (`TrainJoinCommand`), or the prepared input that
/// parts fit from (`PreparedPartTraining`).
struct TrainCommand {
    /// The settings flags `train` shares with `recommend` (from `Setting.all`):
    /// ingest, threads, the filter settings a model fixes, and the file to write.
    static let settingFlags: Set<String> = [
        "format", "columns", "rating-scale", "catalog", "threads", "similarity", "neighbors", "threshold",
        "shrinkage", "weights", "model",
    ]
    /// The flags that say how to read the inputs, which a prepared input has already read.
    static let ingestFlags = ["format", "columns", "rating-scale", "catalog"]

    static let options: [ArgumentParser.Option] =
        Setting.parserOptions.filter { settingFlags.contains($0.name) } + CLI.behaviourOptions
        + [.init("part"), .init("prepare", takesValue: false), .init("prepared")]

    /// What the command line asks for.
    enum Step {
        case training(Training)
        case preparedPart(PreparedPartTraining)
    }

    let step: Step

    /// Reads the command line (without `bookrec train`).
    /// - Throws: `UsageError` for unknown or invalid options, no INPUT (or
    ///   INPUT with `--prepared`), no `--model`, `--prepared` without `--part`
    ///   or with an ingest option, `--prepare` with `--part`, or a bad `SOURCE_DATE_EPOCH`.
    init(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(UsageError)
    {
        let line = try TrainCommandLine(arguments, options: Self.options, environment: environment)
        let parsed = line.parsed
        var part: TrainingPart?
        if let text = parsed.value("part") {
            guard let parsedPart = TrainingPart(parsing: text) else {
                throw .invalidValue(option: "--part", value: text, expected: "I/N with 0 ≤ I < N")
            }
            part = parsedPart
        }
        if let prepared = parsed.value("prepared") {
            guard let part else { throw .missingArgument("--part I/N (with --prepared)") }
            guard parsed.positionals.isEmpty else {
                throw .tooManyArguments("--prepared reads no INPUT: '\(parsed.positionals[0])'")
            }
            if let flag = Self.ingestFlags.first(where: parsed.has) {
                throw .conflictingOptions("--\(flag)", "--prepared", reason: "the input was read when it was prepared")
            }
            if parsed.has("prepare") {
                throw .conflictingOptions("--prepare", "--prepared", reason: "prepare first, then fit parts from it")
            }
            step = .preparedPart(
                PreparedPartTraining(
                    settings: line.settings, given: FixedFilterOptions.flags.filter(parsed.has), prepared: prepared,
                    part: part, path: line.path, trainedAt: line.trainedAt))
            return
        }
        if parsed.has("prepare"), part != nil {
            throw .conflictingOptions("--prepare", "--part", reason: "parts fit from the prepared input (--prepared)")
        }
        guard !parsed.positionals.isEmpty else { throw .missingArgument("INPUT") }
        var settings = line.settings
        settings.inputs = parsed.positionals
        let output: Training.Output = parsed.has("prepare") ? .prepared : part.map { .part($0) } ?? .model
        step = .training(Training(settings: settings, path: line.path, output: output, trainedAt: line.trainedAt))
    }

    /// Runs the step; returns its result line.
    func run(log: Log) throws -> String {
        switch step {
        case .training(let training): try training.run(log: log)
        case .preparedPart(let part): try part.run(log: log)
        }
    }
}
