/// The rating scale one file was read on, and how it was chosen: what
/// `summary.json` records per file.
package struct FileScale: Sendable, Equatable, Codable {
    /// How the scale was chosen.
    package enum Source: String, Sendable, Codable {
        /// Fixed by the export format (Goodreads' 1–5 stars, Book-Crossing's 1–10).
        case format
        /// Stated by the file itself (a ratings XML root's `scale`).
        case file
        /// Given with `--rating-scale` (job key `ratingScale`).
        case given
        /// Judged from the file's own ratings (see `RatingScale.detected(from:)`).
        case detected
    }

    package var minimum: Float
    var maximum: Float
    package var source: Source

    package init(_ scale: RatingScale, source: Source) {
        minimum = scale.minimum
        maximum = scale.maximum
        self.source = source
    }

    /// The scale itself.
    package var scale: RatingScale { RatingScale(minimum: minimum, maximum: maximum) }

    /// `1-10 (detected)`, for logs and `inspect`.
    package var text: String { "\(scale.text) (\(source.rawValue))" }
}
