extension Ratings {
    /// XXH64 over everything fitting reads, in input order: reader ids, book
    /// keys with what is known of each book, ratings and shelved books, as 16
    /// hex digits. The same inputs always give the same fingerprint, so a run
    /// can tell whether a model was trained on the very ratings it scores.
    /// - Complexity: O(ratings + shelf entries + the length of all strings).
    var fingerprint: String {
        var hasher = XXHash64()
        hasher.add([UInt64(data.userCount)])
        for id in data.userIDs { hasher.add(id) }
        hasher.add([UInt64(data.itemCount)])
        for (key, info) in zip(data.itemKeys, items) {
            hasher.add(key)
            for field in [info.isbn13, info.title, info.imageURL] {
                hasher.add([UInt8(field == nil ? 0 : 1)])
                if let field { hasher.add(field) }
            }
            hasher.add([UInt64(info.authors.count)])
            for author in info.authors { hasher.add(author) }
        }
        for column in [data.ratingUser, data.ratingItem, data.shelfUser, data.shelfItem] {
            hasher.add([UInt64(column.count)])
            hasher.add(column)
        }
        hasher.add(data.ratingValue)
        return hasher.hexValue
    }
}
