/// Run totals shown at the top of `index.html`.
public struct ReportTotals: Sendable, Equatable {
    /// Users in the input.
    public var users: Int
    /// Distinct books in the input.
    public var books: Int
    /// Ratings used.
    public var ratings: Int
    /// Input records rejected (listed in `rejects.csv`).
    public var rejected: Int

    /// A sentence every reader should see first, e.g. why books have no
    /// descriptions ("Google Books could not be reached").
    public var notice: String?

    public init(users: Int, books: Int, ratings: Int, rejected: Int, notice: String? = nil) {
        self.users = users
        self.books = books
        self.ratings = ratings
        self.rejected = rejected
        self.notice = notice
    }
}
