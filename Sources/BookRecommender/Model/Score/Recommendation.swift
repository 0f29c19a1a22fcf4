/// One pick for one user, in item indices of `RatingData`.
struct Recommendation: Sendable, Equatable {
    var item: Int32
    /// What the pick was ranked by: with the default `.weightedSum` scoring the
    /// sum of similarity × rating over the user's books (not on the rating
    /// scale; larger is a stronger match), with `.weightedAverage` a predicted
    /// rating on the 0–5 scale; for a fallback pick, the book's damped mean rating.
    var score: Float
    /// The user's books that contributed most, largest first.
    var because: [Contribution]
    /// True when the pick comes from the popularity list, not the filter.
    var fallback: Bool

    init(item: Int32, score: Float, because: [Contribution], fallback: Bool) {
        self.item = item
        self.score = score
        self.because = because
        self.fallback = fallback
    }
}

/// A book of the reader's behind a pick: its rating (or, for a book without
/// stars, its strength) and what the reader did with it, and its share of the pick's score.
struct Contribution: Sendable, Equatable {
    var item: Int32
    var rating: Float
    /// nil for a star rating.
    var kind: InteractionKind?
    var weight: Float

    init(item: Int32, rating: Float, kind: InteractionKind? = nil, weight: Float) {
        self.item = item
        self.rating = rating
        self.kind = kind
        self.weight = weight
    }
}
