/// The rating scale one file was read on, and how it was chosen: what
/// `summary.json` records per file.
struct FileScale: Sendable, Equatable, Codable {
    /// How the scale was chosen.
    enum Source: String, Sendable, Codable {
        /// Fixed by the export format (Goodreads' 1–5 stars, Book-Crossing's 1–10).
        case format
        /// Stated by the file itself (a ratings XML root's `scale`).
        case file
        /// Given with `--rating-scale` (job key `ratingScale`).
        case given
        /// Judged from the file's own ratings (see `RatingScale.detected(from:)`).
        case detected
    }

    var minimum: Float
    var maximum: Float
    var source: Source

    init(_ scale: RatingScale, source: Source) {
        minimum = scale.minimum
        maximum = scale.maximum
        self.source = source
    }

    /// The scale itself.
    var scale: RatingScale { RatingScale(minimum: minimum, maximum: maximum) }

    /// `1-10 (detected)`, for logs and `inspect`.
    var text: String { "\(scale.text) (\(source.rawValue))" }
}
