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

    public init(users: Int, books: Int, ratings: Int, rejected: Int) {
        self.users = users
        self.books = books
        self.ratings = ratings
        self.rejected = rejected
    }
}
