/// Puts ratings from different sources on one scale: (0, 5], five stars.
///
/// A source with a maximum of 10 (Book-Crossing) is halved; 0.5–5 sources
/// (MovieLens) and 1–5 sources (Goodreads, goodbooks) are kept as they are.
public struct RatingScale: Sendable, Equatable {
    /// The largest rating the source uses.
    public var maximum: Float
    /// The smallest positive rating the source uses.
    public var minimum: Float

    public static let fiveStars = RatingScale(minimum: 0.25, maximum: 5)
    public static let tenPoints = RatingScale(minimum: 1, maximum: 10)

    public init(minimum: Float, maximum: Float) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The rating on the common scale, or nil when `raw` is outside this scale.
    public func normalize(_ raw: Float) -> Float? {
        guard raw.isFinite, raw >= minimum, raw <= maximum else { return nil }
        return raw * 5 / maximum
    }
}
