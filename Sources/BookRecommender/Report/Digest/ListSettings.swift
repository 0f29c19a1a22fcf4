import Foundation

/// The settings that give a run's lists their meaning. A run compares its
/// lists with the last digest's only when all of these are equal: "the same
/// job". Everything else may change between the two runs: the thread
/// count, shards, enrichment (Google Books settings, the cache, the request
/// cap), the members file and mail settings, `keepRuns`, `onBadRecord`, a
/// model file (the filter settings it brings are compared instead) and, of
/// course, the ratings in the inputs.
///
/// - `name`: the job.
/// - `inputs`: as given, before patterns and folders are expanded, made
///   absolute; so a new member's file that a pattern or the club's folder
///   picks up is a new member, not other settings. (Files listed one by one
///   on a command line are compared as listed.)
/// - `format`, `columns`, `ratingScale`, `catalog`: how ratings and book
///   keys are read.
/// - `top`, `similarity`, `neighbors`, `threshold`, `shrinkage`,
///   `minRatings`, `exclude`, `only`: how lists are made.
struct ListSettings: Sendable, Equatable, Codable {
    var name: String?
    var inputs: [String]
    var format: String
    var columns: String?
    var ratingScale: String?
    var catalog: String?
    var top: Int
    var similarity: String
    var neighbors: Int
    var threshold: Float
    var shrinkage: Float
    var minRatings: Int
    var exclude: String?
    var only: String?

    /// The list settings of a run with `settings` (its filter settings
    /// those it scores with: a model file's own, when it has one).
    init(_ settings: RunSettings) {
        name = settings.name
        inputs = (settings.inputsAsGiven ?? settings.inputs).map(Self.absolute)
        format = settings.format?.rawValue ?? "auto"
        columns = settings.columns.map(\.text)
        ratingScale = settings.ratingScale?.text
        catalog = settings.catalog.map(Self.absolute)
        top = settings.model.top
        similarity = settings.model.similarity.rawValue
        neighbors = settings.model.neighbors
        threshold = settings.model.threshold
        shrinkage = settings.model.shrinkage
        minRatings = settings.model.minRatings
        exclude = settings.exclude.map(Self.absolute)
        only = settings.only.map(Self.absolute)
    }

    /// Compact JSON with sorted keys: one line of `lists.tsv`'s header.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// What differs from `earlier`, one phrase per setting: `top 5 → 10`.
    func differences(from earlier: ListSettings) -> [String] {
        func text<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "none" }
        let pairs: [(String, String, String)] = [
            ("name", text(earlier.name), text(name)),
            ("inputs", earlier.inputs.joined(separator: " "), inputs.joined(separator: " ")),
            ("format", earlier.format, format), ("columns", text(earlier.columns), text(columns)),
            ("rating scale", text(earlier.ratingScale), text(ratingScale)),
            ("catalog", text(earlier.catalog), text(catalog)), ("top", "\(earlier.top)", "\(top)"),
            ("similarity", earlier.similarity, similarity), ("neighbours", "\(earlier.neighbors)", "\(neighbors)"),
            ("threshold", "\(earlier.threshold)", "\(threshold)"),
            ("shrinkage", "\(earlier.shrinkage)", "\(shrinkage)"),
            ("minimum ratings", "\(earlier.minRatings)", "\(minRatings)"),
            ("exclude", text(earlier.exclude), text(exclude)), ("only", text(earlier.only), text(only)),
        ]
        return pairs.filter { $0.1 != $0.2 }.map { "\($0.0) \($0.1) → \($0.2)" }
    }

    /// `path` absolute (from the working folder) and standardized, so a job
    /// run from cron and from the shell names its files alike.
    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }
}
