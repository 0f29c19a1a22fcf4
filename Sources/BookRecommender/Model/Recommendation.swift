/// One pick for one user, in item indices of `RatingData`.
public struct Recommendation: Sendable, Equatable {
    public var item: Int32
    /// What the pick was ranked by: with the default `.weightedSum` scoring the
    /// sum of similarity × rating over the user's books (not on the rating
    /// scale; larger is a stronger match), with `.weightedAverage` a predicted
    /// rating on the 0–5 scale; for a fallback pick, the book's damped mean rating.
    public var score: Float
    /// The user's rated books that contributed most, largest first.
    public var because: [Contribution]
    /// True when the pick comes from the popularity list, not the filter.
    public var fallback: Bool

    public init(item: Int32, score: Float, because: [Contribution], fallback: Bool) {
        self.item = item
        self.score = score
        self.because = because
        self.fallback = fallback
    }
}

/// A rated book behind a pick: its rating and its share of the pick's score.
public struct Contribution: Sendable, Equatable {
    public var item: Int32
    public var rating: Float
    public var weight: Float

    public init(item: Int32, rating: Float, weight: Float) {
        self.item = item
        self.rating = rating
        self.weight = weight
    }
}
