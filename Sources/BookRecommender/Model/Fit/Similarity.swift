/// How alike two books are, judged from the users who rated both.
public enum Similarity: String, Sendable, CaseIterable {
    /// Cosine of the two books' rating vectors (users who did not rate a book count as 0).
    case cosine
    /// Ratings as seen/not seen: raters of both divided by raters of either.
    case jaccard
    /// Pearson correlation: each book's ratings are centred on that book's mean
    /// rating (a missing rating counts as the mean), then compared by cosine.
    case pearson
    /// Dot product of BM25-weighted rating vectors, as `implicit`'s
    /// `BM25Recommender` (k1 = 1.2, b = 0.75): a rating `r` of book `i` by user
    /// `u` becomes `r · (k1 + 1) / (k1 · L_i + r) · idf_u`, where
    /// `idf_u = ln(books) − ln(1 + ratings of u)` discounts prolific raters and
    /// `L_i = 1 − b + b · s_i / mean(s)` with `s_i` the sum of `i`'s ratings
    /// damps books with many (or high) ratings. Not normalised, so a book
    /// with more raters tends to have larger similarities.
    case bm25
    /// Cosine of TF-IDF-weighted rating vectors, as `implicit`'s
    /// `TFIDFRecommender`: a rating `r` by user `u` becomes `√r · idf_u` (`idf_u` as for `bm25`).
    case tfidf
    /// Not a similarity but EASE's regression weights, fitted book by book
    /// (see `LocalEASE`): how much having a book predicts having another,
    /// given every other book around it. Negative weights are kept.
    case ease
    /// `ease` where it measured best and stays affordable, else `bm25` (with
    /// longer lists on sparse data); chosen when the model is fitted
    /// (`CollaborativeFilter.fit`), from the data's shape (see `AutoFilter`). A fitted
    /// model records the one it used.
    case auto

    /// The similarities of pairs of books, computed by the item-item kernels.
    static let itemItem: [Similarity] = [.cosine, .jaccard, .pearson, .bm25, .tfidf]
}
