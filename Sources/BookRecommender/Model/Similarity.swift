/// How alike two books are, judged from the users who rated both.
public enum Similarity: String, Sendable, CaseIterable {
    /// Cosine of the two books' rating vectors (users who did not rate a book count as 0).
    case cosine
    /// Ratings as seen/not seen: raters of both divided by raters of either.
    case jaccard
    /// Pearson correlation: each book's ratings are centred on that book's mean
    /// rating (a missing rating counts as the mean), then compared by cosine.
    case pearson
}
