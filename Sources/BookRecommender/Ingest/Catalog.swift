/// Book metadata from `--catalog` (goodbooks-10k `books.csv` layout): titles,
/// authors and covers for ratings that carry only ids.
package struct Catalog: Sendable {
    /// One book of the catalog.
    package struct Entry: Sendable, Equatable {
        /// The catalog's own id (`book_id`), the id generic ratings files use.
        package var bookID: String
        /// Goodreads edition id (`goodreads_book_id`), the `Book Id` of Goodreads exports.
        package var goodreadsID: String?
        package var isbn13: String?
        package var title: String
        package var authors: [String]
        package var year: Int?
        package var imageURL: String?

        package init(
            bookID: String, goodreadsID: String? = nil, isbn13: String? = nil, title: String,
            authors: [String] = [], year: Int? = nil, imageURL: String? = nil
        ) {
            self.bookID = bookID
            self.goodreadsID = goodreadsID
            self.isbn13 = isbn13
            self.title = title
            self.authors = authors
            self.year = year
            self.imageURL = imageURL
        }

        /// The item key of this book: its ISBN-13, else its catalog id.
        package var itemKey: String { isbn13 ?? bookID }
    }

    package private(set) var entries: [Entry] = []
    private var byBookID: [String: Int] = [:]
    private var byGoodreadsID: [String: Int] = [:]
    private var byISBN13: [String: Int] = [:]

    package init() {}

    package var isEmpty: Bool { entries.isEmpty }

    /// Adds a book; the first entry for an id wins when ids repeat.
    package mutating func add(_ entry: Entry) {
        let index = entries.count
        entries.append(entry)
        if byBookID[entry.bookID] == nil { byBookID[entry.bookID] = index }
        if let id = entry.goodreadsID, byGoodreadsID[id] == nil { byGoodreadsID[id] = index }
        if let isbn = entry.isbn13, byISBN13[isbn] == nil { byISBN13[isbn] = index }
    }

    /// The entry a record's book reference points at: by ISBN-13 first, then by
    /// `goodreads:` id, then by plain catalog id.
    package func entry(for book: BookRef) -> Entry? {
        if let isbn = book.isbn13, let index = byISBN13[isbn] { return entries[index] }
        guard let local = book.localID else { return nil }
        let goodreadsPrefix = "goodreads:"
        if local.hasPrefix(goodreadsPrefix) {
            return byGoodreadsID[String(local.dropFirst(goodreadsPrefix.count))].map { entries[$0] }
        }
        return byBookID[local].map { entries[$0] }
    }

    /// The entry whose item key is `key`, if the catalog has one.
    package func entry(forItemKey key: String) -> Entry? {
        if let index = byISBN13[key] { return entries[index] }
        return byBookID[key].map { entries[$0] }
    }
}
