/// Book metadata from `--catalog` (goodbooks-10k `books.csv` layout, or a
/// library's MARC 21 XML): titles, authors and covers for ratings and loans
/// that carry only ids.
///
/// A library catalog names one title by several ids: each copy's barcode and
/// item number, and the record's biblionumber. Those are the entry's
/// *aliases*, namespaced strings (`barcode:39000000123456`,
/// `itemnumber:12`, `biblionumber:7`) that a loans file puts in
/// `BookRef.localID`; every alias resolves to its record's one entry, so two
/// copies of a title are one book.
/// - Complexity: every lookup is a dictionary probe, O(1) on average.
struct Catalog: Sendable {
    /// One book of the catalog.
    struct Entry: Sendable, Equatable {
        /// The catalog's own id (`book_id`), the id generic ratings files use.
        var bookID: String
        /// Goodreads edition id (`goodreads_book_id`), the `Book Id` of Goodreads exports.
        var goodreadsID: String?
        var isbn13: String?
        var title: String
        var authors: [String]
        var year: Int?
        var imageURL: String?

        init(
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
        var itemKey: String { isbn13 ?? bookID }
    }

    private(set) var entries: [Entry] = []
    private var byBookID: [String: Int] = [:]
    private var byGoodreadsID: [String: Int] = [:]
    private var byISBN13: [String: Int] = [:]
    /// Barcodes, item numbers and biblionumbers (prefixed) to their entry.
    private var byAlias: [String: Int] = [:]
    /// What a MARC 21 catalog's reader noted beyond `RecordCounts`.
    var counts = CatalogCounts()

    init() {}

    var isEmpty: Bool { entries.isEmpty }

    /// Adds a book; the first entry for an id wins when ids repeat.
    mutating func add(_ entry: Entry) {
        let index = entries.count
        entries.append(entry)
        if byBookID[entry.bookID] == nil { byBookID[entry.bookID] = index }
        if let id = entry.goodreadsID, byGoodreadsID[id] == nil { byGoodreadsID[id] = index }
        if let isbn = entry.isbn13, byISBN13[isbn] == nil { byISBN13[isbn] = index }
    }

    /// Adds a book known by `aliases` too (prefixed ids such as
    /// `barcode:39000000123456`; see the type's notes). The first entry to
    /// claim an id keeps it: the ids `entry` claims that an earlier entry
    /// already holds (its `bookID` or an alias) are returned, and the entry is
    /// still added under the rest, so its other copies keep resolving to it.
    /// - Returns: the ids of `entry` that already belonged to an earlier entry.
    @discardableResult
    mutating func add(_ entry: Entry, aliases: [String]) -> [String] {
        var clashes = byBookID[entry.bookID] == nil ? [] : [entry.bookID]
        let index = entries.count
        add(entry)
        for alias in aliases where byAlias[alias] != index {
            if byAlias[alias] == nil {
                byAlias[alias] = index
            } else {
                clashes.append(alias)
            }
        }
        return clashes
    }

    /// The entry a record's book reference points at: by ISBN-13 first, then by
    /// `goodreads:` id, then by plain catalog id, then by alias (`barcode:…`,
    /// `itemnumber:…`, `biblionumber:…`).
    func entry(for book: BookRef) -> Entry? {
        if let isbn = book.isbn13, let index = byISBN13[isbn] { return entries[index] }
        guard let local = book.localID else { return nil }
        let goodreadsPrefix = "goodreads:"
        if local.hasPrefix(goodreadsPrefix) {
            return byGoodreadsID[String(local.dropFirst(goodreadsPrefix.count))].map { entries[$0] }
        }
        return (byBookID[local] ?? byAlias[local]).map { entries[$0] }
    }

    /// The entry whose item key is `key`, if the catalog has one.
    func entry(forItemKey key: String) -> Entry? {
        if let index = byISBN13[key] { return entries[index] }
        return byBookID[key].map { entries[$0] }
    }
}
