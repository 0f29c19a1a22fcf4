/// One book to enrich, as the caller knows it.
struct BookLookup: Sendable, Equatable {
    /// The item key the reports use (ISBN-13 or the format's own id); also the cache key.
    var key: String
    /// A validated ISBN-13, when the book has one.
    var isbn13: String?
    /// Title as the input gave it, used for the title/author fallback search.
    var title: String?
    /// Authors as the input gave them, primary first.
    var authors: [String]

    /// A book to look up; only `key` is required.
    init(key: String, isbn13: String? = nil, title: String? = nil, authors: [String] = []) {
        self.key = key
        self.isbn13 = isbn13
        self.title = title
        self.authors = authors
    }
}
