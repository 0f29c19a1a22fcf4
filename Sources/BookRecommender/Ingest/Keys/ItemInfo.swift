/// What ingest knows about one book: from the catalog first, else from the
/// first record that named it.
struct ItemInfo: Sendable, Equatable {
    var isbn13: String?
    var title: String?
    var authors: [String]
    var imageURL: String?

    init(isbn13: String? = nil, title: String? = nil, authors: [String] = [], imageURL: String? = nil) {
        self.isbn13 = isbn13
        self.title = title
        self.authors = authors
        self.imageURL = imageURL
    }
}
