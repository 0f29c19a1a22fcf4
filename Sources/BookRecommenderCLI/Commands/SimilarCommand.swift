import BookRecommender
import Foundation

/// `bookrec similar ISBN... INPUT...` (or `--model FILE` instead of the
/// INPUTs): the command line of `SimilarBooks`.
///
/// Which argument is which: an argument naming an existing file or folder is
/// an INPUT; otherwise one that normalises to an ISBN-13 (`ISBN.normalize`,
/// so ISBN-10s, hyphens and `=""` wrappers are fine) is a book; anything else
/// is taken as an INPUT and fails as a missing one (66). Books without an ISBN
/// (a MovieLens id, a catalog id) are named with `--book KEY`, the item key.
struct SimilarCommand {
    /// The settings flags `similar` shares with `recommend` (from `Setting.all`).
    static let settingFlags: Set<String> = [
        "format", "columns", "rating-scale", "catalog", "top", "threads", "similarity", "neighbors", "threshold",
        "shrinkage", "weights", "model",
    ]

    static let options: [ArgumentParser.Option] =
        Setting.parserOptions.filter { settingFlags.contains($0.name) } + [
            .init("book", repeatable: true), .init("json", takesValue: false), .init("quiet", takesValue: false),
        ]

    var settings = RunSettings()
    /// The books asked for, as given.
    var books: [String] = []
    var json = false

    /// Reads the command line (without `bookrec similar`).
    /// - Throws: `UsageError` for unknown or invalid options, no book, no
    ///   INPUT (nor `--model`), or INPUTs or fitting options beside `--model`.
    init(arguments: [String]) throws(UsageError) {
        let parsed = try ArgumentParser(options: Self.options).parse(arguments)
        try Setting.apply(parsed, to: &settings)
        json = parsed.has("json")
        for argument in parsed.positionals {
            if !FileManager.default.fileExists(atPath: argument), ISBN.normalize(argument).isbn13 != nil {
                books.append(argument)
            } else {
                settings.inputs.append(argument)
            }
        }
        books += parsed.values["book"] ?? []
        guard !books.isEmpty else { throw .missingArgument("ISBN (or --book KEY)") }
        guard settings.modelFile != nil else {
            guard !settings.inputs.isEmpty else { throw .missingArgument("INPUT (or --model FILE)") }
            return
        }
        if let flag = ["format", "columns", "rating-scale", "catalog"].first(where: parsed.has) {
            throw .conflictingOptions("--\(flag)", "--model", reason: "the model is read, not fitted")
        }
        try FitSettings.checkFlags(parsed, model: "--model")
        if let input = settings.inputs.first {
            throw .conflictingOptions(input, "--model", reason: "the model is read, not fitted on inputs")
        }
    }

    /// The query the command line asks for.
    var query: SimilarBooks { SimilarBooks(settings: settings, books: books, json: json) }
}
