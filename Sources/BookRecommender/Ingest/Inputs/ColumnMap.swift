/// Which columns of a generic file hold user, item and, optionally, rating,
/// count and date (`--columns user=userId,item=movieId,rating=rating`). A file
/// without a rating column is a file of interactions: each row a book the
/// reader has, `count` times when a count column says so.
struct ColumnMap: Sendable, Equatable, Codable {
    /// The column holding the reader.
    var user: String
    /// The column holding the book (ISBN or any id).
    var item: String
    /// The column holding the rating; nil for a file of interactions.
    var rating: String?
    /// The column holding how many times the reader had the book (plays, loans).
    var count: String?
    /// The column holding when; read only to be named, never used.
    var date: String?

    /// The columns, as given (matched case-insensitively).
    init(user: String, item: String, rating: String? = nil, count: String? = nil, date: String? = nil) {
        self.user = user
        self.item = item
        self.rating = rating
        self.count = count
        self.date = date
    }

    /// Parses `user=C,item=C[,rating=C][,count=C][,date=C]` (any order, user
    /// and item required, each key once).
    /// - Returns: nil with no explanation; callers report the whole value.
    init?(parsing text: String) {
        var found: [String: String] = [:]
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, !pair[1].isEmpty else { return nil }
            let key = String(pair[0]).lowercased()
            guard Self.keys.contains(key), found[key] == nil else { return nil }
            found[key] = String(pair[1])
        }
        guard let user = found["user"], let item = found["item"] else { return nil }
        self.init(user: user, item: item, rating: found["rating"], count: found["count"], date: found["date"])
    }

    /// The keys `init(parsing:)` takes.
    static let keys = ["user", "item", "rating", "count", "date"]

    /// The form `init(parsing:)` reads, the optional columns only when set.
    var text: String {
        zip(Self.keys, [user, item, rating, count, date]).compactMap { key, column in column.map { "\(key)=\($0)" } }
            .joined(separator: ",")
    }
}
