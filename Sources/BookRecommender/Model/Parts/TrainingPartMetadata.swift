import Foundation

/// A part file's `PART` block, as JSON: which part it is, of what training,
/// split how. The join compares these across parts before it reads a row.
struct TrainingPartMetadata: Codable, Equatable {
    /// The `bookrec` version that wrote the part: the model's `META` names it too.
    var bookrec: String
    var part: Int
    var parts: Int
    var layout: TrainingPartLayout
    /// `BookModel.fingerprint` of the whole input.
    var fingerprint: String
    var items: Int
    /// Entries of the part's candidate rows.
    var links: Int
    /// When the part was fitted, in seconds since 1970.
    var trainedAt: Double
    /// The options resolved from the whole input, as the model stores them.
    var options: ModelMetadata.Options
    /// `--similarity` as given to train, before `auto` was resolved.
    var requestedSimilarity: String

    /// The settings every part must share: the options apart from the worker
    /// threads, which change no list (the joined model keeps part 0's).
    var sharedSettings: ModelMetadata.Options {
        var options = options
        options.threads = 0
        return options
    }
}
