/// What ingest knows about one book: from the catalog first, else from the
/// first record that named it.
public struct ItemInfo: Sendable, Equatable {
    public var isbn13: String?
    public var title: String?
    public var authors: [String]
    public var imageURL: String?

    public init(isbn13: String? = nil, title: String? = nil, authors: [String] = [], imageURL: String? = nil) {
        self.isbn13 = isbn13
        self.title = title
        self.authors = authors
        self.imageURL = imageURL
    }
}
