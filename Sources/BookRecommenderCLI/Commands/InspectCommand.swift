import BookRecommender

/// `bookrec inspect INPUT… [--model FILE]`: the command line of `Inspection`.
struct InspectCommand {
    let inspection: Inspection

    static let options = Setting.parserOptions.filter {
        ["format", "columns", "rating-scale", "catalog", "model"].contains($0.name)
    }

    /// - Throws: `UsageError` for a bad option, or neither an INPUT nor `--model`.
    init(arguments: [String]) throws(UsageError) {
        let parsed = try ArgumentParser(options: Self.options).parse(arguments)
        guard !parsed.positionals.isEmpty || parsed.has("model") else {
            throw .missingArgument("INPUT (or --model FILE)")
        }
        var settings = RunSettings()
        try Setting.apply(parsed, to: &settings)
        settings.inputs = parsed.positionals
        inspection = Inspection(settings: settings)
    }

    /// Prints the report.
    /// - Throws: what `Inspection.run` throws, and `RunError.unusableFiles`
    ///   (exit 65) when an input could not be used at all.
    func run() throws {
        let report = try inspection.run()
        print(report.text)
        if !report.unusable.isEmpty { throw RunError.unusableFiles(paths: report.unusable.map(\.path)) }
    }
}
