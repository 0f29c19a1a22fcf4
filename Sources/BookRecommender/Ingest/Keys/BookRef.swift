/// How one input record names a book, before ingest turns it into an item key.
///
/// Readers fill in what the record holds; `Ingestor` resolves it to an item
/// key: the ISBN-13 wins, then a catalog id, then the title + first author
/// key every format shares (see `TitleKey`), then `localID` as it is, then a
/// key of the title alone.
struct BookRef: Sendable, Equatable {
    /// A validated ISBN-13 (13 ASCII digits), when the record held a usable ISBN.
    var isbn13: String?
    /// The format's own id for the book, namespaced where it is not a plain
    /// item id: `"goodreads:1234"`, `"librarything:5678"`, `"asin:B07MNWKF2M"`,
    /// or the raw value of a generic ratings file's item column.
    var localID: String?
    /// Title as the record gives it, if any (used when the catalog has none).
    var title: String?
    /// Authors as the record gives them, primary first.
    var authors: [String]
    /// True when `localID` means something only through the `--catalog` (a
    /// library loan's barcode): without a catalog entry the record is rejected.
    var requiresCatalog: Bool

    init(
        isbn13: String? = nil, localID: String? = nil, title: String? = nil, authors: [String] = [],
        requiresCatalog: Bool = false
    ) {
        self.isbn13 = isbn13
        self.localID = localID
        self.title = title
        self.authors = authors
        self.requiresCatalog = requiresCatalog
    }

    /// True when nothing in the record can identify the book: no ISBN, no id, no title.
    var isUnidentified: Bool { isbn13 == nil && (localID ?? "").isEmpty && (title ?? "").isEmpty }

    /// The book an ISBN column's (trimmed) value names: its ISBN-13, else
    /// `asin:…`, else the raw value as `localID`; unidentified when it is empty.
    init(isbnField text: String) {
        switch ISBN.normalize(text) {
        case .isbn13(let isbn, _): self.init(isbn13: isbn)
        case .asin(let asin): self.init(localID: "asin:\(asin)")
        case .invalid: self.init(localID: text)
        case .empty: self.init()
        }
    }
}
