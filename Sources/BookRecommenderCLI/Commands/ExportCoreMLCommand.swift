import BookRecommender
import Foundation

/// `bookrec export-coreml INPUT... --out FILE.mlmodel [options]` (or
/// `--model FILE` instead of the INPUTs): the command line of `CoreMLExporting`.
struct ExportCoreMLCommand {
    /// The settings flags `export-coreml` shares with `recommend` (from `Setting.all`):
    /// ingest and the neighbour lists; `--cache` is read for covers.
    static let settingFlags: Set<String> = [
        "format", "columns", "rating-scale", "catalog", "threads", "similarity", "neighbors", "threshold", "shrinkage",
        "weights",
        "cache",
    ]

    static let options: [ArgumentParser.Option] =
        Setting.parserOptions.filter { settingFlags.contains($0.name) } + [
            .init("out"), .init("model"), .init("quiet", takesValue: false),
        ]

    var settings = RunSettings()
    /// The model file to write.
    var out: String

    /// Reads the command line (without `bookrec export-coreml`).
    /// - Throws: `UsageError` for unknown or invalid options, no INPUT (nor
    ///   `--model`), INPUTs or fitting options beside `--model`, or a missing
    ///   `--out` or one not ending in `.mlmodel`.
    init(arguments: [String]) throws(UsageError) {
        let parsed = try ArgumentParser(options: Self.options).parse(arguments)
        try Setting.apply(parsed, to: &settings)
        guard let out = parsed.value("out") else { throw .missingArgument("--out FILE.mlmodel") }
        guard out.hasSuffix(".mlmodel"), out.count > ".mlmodel".count else {
            throw .invalidValue(option: "--out", value: out, expected: "a file name ending in .mlmodel")
        }
        self.out = out
        settings.modelFile = parsed.value("model")
        if settings.modelFile != nil {
            let reading = [
                "format", "columns", "rating-scale", "catalog", "similarity", "neighbors", "threshold", "shrinkage",
                "weights",
            ]
            if let flag = reading.first(where: parsed.has) {
                throw .conflictingOptions("--\(flag)", "--model", reason: "the model is read, not fitted")
            }
            if let input = parsed.positionals.first {
                throw .conflictingOptions(input, "--model", reason: "the model is read, not fitted on inputs")
            }
            return
        }
        guard !parsed.positionals.isEmpty else { throw .missingArgument("INPUT (or --model FILE)") }
        settings.inputs = parsed.positionals
    }

    /// The export the command line asks for.
    var export: CoreMLExporting { CoreMLExporting(settings: settings, out: out) }
}
