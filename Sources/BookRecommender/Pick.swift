/// One recommended book, as `BookModel.recommend` returns it.
public struct Pick: Sendable, Equatable, Hashable {
    /// The book's key: its ISBN-13 when known, else the id its ratings gave it.
    public var book: String
    /// The book's title, when its ratings or the catalog gave one.
    public var title: String?
    /// The book's authors, first author first; empty when unknown.
    public var authors: [String]
    /// What the pick was ranked by (see `Recommendation.score`): the sum of
    /// similarity × rating over the reader's books, or for a fallback pick
    /// the book's damped mean rating.
    public var score: Double
    /// The keys of the reader's books that contributed most, largest first.
    public var because: [String]
    /// True when the pick comes from the popularity list, not the filter.
    public var fallback: Bool

    /// A pick with these values.
    public init(book: String, title: String?, authors: [String] = [], score: Double, because: [String], fallback: Bool)
    {
        self.book = book
        self.title = title
        self.authors = authors
        self.score = score
        self.because = because
        self.fallback = fallback
    }
}
