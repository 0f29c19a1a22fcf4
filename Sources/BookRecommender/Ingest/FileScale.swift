/// The rating scale one file was read on, and how it was chosen: what
/// `summary.json` records per file.
public struct FileScale: Sendable, Equatable, Codable {
    /// How the scale was chosen.
    public enum Source: String, Sendable, Codable {
        /// Fixed by the export format (Goodreads' 1–5 stars, Book-Crossing's 1–10).
        case format
        /// Stated by the file itself (a ratings XML root's `scale`).
        case file
        /// Given with `--rating-scale` (job key `ratingScale`).
        case given
        /// Judged from the file's own ratings (see `RatingScale.detected(from:)`).
        case detected
    }

    public var minimum: Float
    public var maximum: Float
    public var source: Source

    public init(_ scale: RatingScale, source: Source) {
        minimum = scale.minimum
        maximum = scale.maximum
        self.source = source
    }

    /// The scale itself.
    public var scale: RatingScale { RatingScale(minimum: minimum, maximum: maximum) }

    /// `1-10 (detected)`, for logs and `inspect`.
    public var text: String { "\(scale.text) (\(source.rawValue))" }
}
