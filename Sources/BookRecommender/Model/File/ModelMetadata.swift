import Foundation

/// The model file's `META` block, as JSON: what the model is, how it was
/// fitted, and the sizes the other blocks must have.
///
/// Floats are stored as the `Double` of the same value, which JSON carries
/// exactly, so options read back equal to those written.
struct ModelMetadata: Codable, Equatable {
    /// `ModelOptions` by name; `exclude` and `only` say whether their blocks hold a set.
    struct Options: Codable, Equatable {
        var similarity: String
        var neighbors: Int
        var threshold: Double
        var shrinkage: Double
        var popularityDamping: Double
        var scoring: String
        var top: Int
        var minRatings: Int
        var reasons: Int
        var threads: Int
        var exclude: Bool
        var only: Bool
        /// `InteractionWeights.text`; absent in files from before interactions were learned from.
        var weights: InteractionWeights?
        /// `ModelOptions.popularityWeight`; absent (0) in files from before the popularity prior.
        var popularityWeight: Double?

        init(_ options: ModelOptions) {
            similarity = options.similarity.rawValue
            neighbors = options.neighbors
            threshold = Double(options.threshold)
            shrinkage = Double(options.shrinkage)
            popularityDamping = Double(options.popularityDamping)
            scoring = options.scoring.rawValue
            top = options.top
            minRatings = options.minRatings
            reasons = options.reasons
            threads = options.threads
            exclude = options.exclude != nil
            only = options.only != nil
            weights = options.weights
            popularityWeight = options.popularityWeight > 0 ? Double(options.popularityWeight) : nil
        }

        /// The options these describe, with the given book sets; nil when a
        /// name is unknown or a number is out of range.
        func modelOptions(exclude: ItemSet?, only: ItemSet?) -> ModelOptions? {
            guard let similarity = Similarity(rawValue: similarity), let scoring = Scoring(rawValue: scoring),
                [threshold, shrinkage, popularityDamping, popularityWeight ?? 0].allSatisfy(\.isFinite),
                [neighbors, top, minRatings, reasons, threads].allSatisfy({ $0 >= 0 })
            else { return nil }
            var options = ModelOptions()
            options.similarity = similarity
            options.neighbors = neighbors
            options.threshold = Float(threshold)
            options.shrinkage = Float(shrinkage)
            options.popularityDamping = Float(popularityDamping)
            options.scoring = scoring
            options.top = top
            options.minRatings = minRatings
            options.reasons = reasons
            options.threads = threads
            options.exclude = exclude
            options.only = only
            options.weights = weights ?? InteractionWeights()
            options.popularityWeight = Float(popularityWeight ?? 0)
            return options
        }
    }

    /// The `bookrec` version that wrote the file.
    var bookrec: String
    /// When the model was fitted, in seconds since 1970.
    var trainedAt: Double
    /// `BookModel.fingerprint`.
    var fingerprint: String
    var items: Int
    var users: Int
    var ratings: Int
    var shelved: Int
    var links: Int
    var popular: Int
    var authors: Int
    var options: Options
}
