/// One book to enrich, as the caller knows it.
struct BookLookup: Sendable, Equatable {
    /// The item key the reports use (ISBN-13 or the format's own id); also the cache key.
    package var key: String
    /// A validated ISBN-13, when the book has one.
    package var isbn13: String?
    /// Title as the input gave it, used for the title/author fallback search.
    package var title: String?
    /// Authors as the input gave them, primary first.
    package var authors: [String]

    /// A book to look up; only `key` is required.
    package init(key: String, isbn13: String? = nil, title: String? = nil, authors: [String] = []) {
        self.key = key
        self.isbn13 = isbn13
        self.title = title
        self.authors = authors
    }
}
