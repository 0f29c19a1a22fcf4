/// What ingest knows about one book: from the catalog first, else from the
/// first record that named it.
package struct ItemInfo: Sendable, Equatable {
    package var isbn13: String?
    package var title: String?
    package var authors: [String]
    var imageURL: String?

    package init(isbn13: String? = nil, title: String? = nil, authors: [String] = [], imageURL: String? = nil) {
        self.isbn13 = isbn13
        self.title = title
        self.authors = authors
        self.imageURL = imageURL
    }
}
