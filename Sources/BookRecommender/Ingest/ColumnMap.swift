/// Which columns of a generic ratings file hold user, item and rating
/// (`--columns user=userId,item=movieId,rating=rating`).
public struct ColumnMap: Sendable, Equatable, Codable {
    /// The column holding the reader.
    public var user: String
    /// The column holding the book (ISBN or any id).
    public var item: String
    /// The column holding the rating.
    public var rating: String

    /// The three column names, as given (matched case-insensitively).
    public init(user: String, item: String, rating: String) {
        self.user = user
        self.item = item
        self.rating = rating
    }

    /// Parses `user=C,item=C,rating=C` (any order, all three required).
    /// - Returns: nil with no explanation; callers report the whole value.
    public init?(parsing text: String) {
        var found: [String: String] = [:]
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, !pair[1].isEmpty else { return nil }
            let key = String(pair[0]).lowercased()
            guard ["user", "item", "rating"].contains(key), found[key] == nil else { return nil }
            found[key] = String(pair[1])
        }
        guard let user = found["user"], let item = found["item"], let rating = found["rating"] else { return nil }
        self.init(user: user, item: item, rating: rating)
    }
}
