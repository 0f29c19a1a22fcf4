import BookRecommender

/// `bookrec evaluate INPUT... | --train FILE --test FILE`: the command line
/// of `Evaluation`.
struct EvaluateCommand {
    /// The settings flags `evaluate` shares with `recommend` (from `Setting.all`).
    static let settingFlags: Set<String> = [
        "format", "columns", "rating-scale", "catalog", "top", "threads", "similarity", "neighbors", "threshold",
        "shrinkage", "weights",
        "min-ratings",
    ]

    static let options: [ArgumentParser.Option] =
        Setting.parserOptions.filter { settingFlags.contains($0.name) } + [
            .init("holdout"), .init("seed"), .init("relevant-min"), .init("scoring"), .init("train"), .init("test"),
            .init("json", takesValue: false), .init("quiet", takesValue: false),
        ]

    var settings = RunSettings()
    var source: Evaluation.Source
    var relevantMin: Float = 3.5
    var json = false

    /// Reads the command line (without `bookrec evaluate`).
    /// - Throws: `UsageError` for unknown or invalid options, no INPUT, or
    ///   `--train` without `--test` (or with INPUTs, `--holdout` or `--seed`).
    init(arguments: [String]) throws(UsageError) {
        let parsed = try ArgumentParser(options: Self.options).parse(arguments)
        try Setting.apply(parsed, to: &settings)
        if let text = parsed.value("scoring") {
            guard let scoring = Scoring(rawValue: text) else {
                throw .invalidValue(
                    option: "--scoring", value: text, expected: Scoring.allCases.map(\.rawValue).joined(separator: ", ")
                )
            }
            settings.model.scoring = scoring
        }
        if let text = parsed.value("relevant-min") {
            guard let value = Double(text), value >= 0, value <= 5 else {
                throw .invalidValue(option: "--relevant-min", value: text, expected: "a rating from 0 to 5")
            }
            relevantMin = Float(value)
        }
        json = parsed.has("json")
        switch (parsed.value("train"), parsed.value("test")) {
        case (let training?, let test?):
            if let extra = parsed.positionals.first { throw .tooManyArguments("\(extra) (with --train and --test)") }
            for flag in ["holdout", "seed"] where parsed.has(flag) {
                throw .invalidValue(
                    option: "--\(flag)", value: parsed.value(flag)!, expected: "no holdout with --train and --test")
            }
            source = .files(training: training, test: test)
        case (nil, nil):
            guard !parsed.positionals.isEmpty else { throw .missingArgument("INPUT") }
            var holdout = HoldoutSplit()
            if let text = parsed.value("holdout") {
                guard let fraction = Double(text), fraction > 0, fraction < 1 else {
                    throw .invalidValue(option: "--holdout", value: text, expected: "a number between 0 and 1")
                }
                holdout.fraction = fraction
            }
            if let text = parsed.value("seed") {
                guard let seed = UInt64(text) else {
                    throw .invalidValue(option: "--seed", value: text, expected: "a whole number ≥ 0")
                }
                holdout.seed = seed
            }
            source = .holdout(parsed.positionals, holdout)
        case (nil, _?):
            throw .missingArgument("--train (--test needs it)")
        case (_?, nil):
            throw .missingArgument("--test (--train needs it)")
        }
    }

    /// The evaluation the command line asks for.
    var evaluation: Evaluation {
        Evaluation(settings: settings, source: source, relevantMin: relevantMin, json: json)
    }
}
