/// `books.json`: the app's local book database, one entry per item of the
/// exported model, sorted by item key (UTF-8 byte order).
///
/// ```json
/// {"schemaVersion": 1, "books": [{"item": "9780439554930", "isbn13": "9780439554930",
///   "title": "…", "authors": ["J.K. Rowling"], "cover": "https://…"}]}
/// ```
///
/// `isbn13`, `title` and `cover` are `null` when unknown. Each field comes from
/// ingest (the catalog, else the rating record) and is filled from the Google
/// Books cache when ingest has none, except the cover: a cached Google Books
/// thumbnail (`https`, without the page curl) is preferred to the catalog's
/// image link, which for many goodbooks rows is a "no photo" placeholder.
/// Only absolute `http`/`https` links are kept.
struct BookDatabase {
    static let schemaVersion = 1

    /// The entries, in item-key order.
    let books: [JSONValue]
    /// Entries with a cover link.
    let coverCount: Int

    /// - Parameter enrichment: the cached Google Books result for an item key, if any.
    init(itemKeys: [String], items: [ItemInfo], enrichment: (String) -> Enrichment?) {
        let order = itemKeys.indices.sorted { itemKeys[$0].utf8.lexicographicallyPrecedes(itemKeys[$1].utf8) }
        var covers = 0
        books = order.map { index in
            let info = index < items.count ? items[index] : ItemInfo()
            let found = enrichment(itemKeys[index]).flatMap { $0.status == .ok ? $0 : nil }
            let cover = (found?.thumbnail).flatMap(HTMLEscape.safeURL) ?? info.imageURL.flatMap(HTMLEscape.safeURL)
            if cover != nil { covers += 1 }
            let authors = info.authors.isEmpty ? found?.authors ?? [] : info.authors
            return .object([
                "item": .string(itemKeys[index]),
                "isbn13": info.isbn13.map(JSONValue.string) ?? .null,
                "title": (info.title ?? found?.title).map(JSONValue.string) ?? .null,
                "authors": .array(authors.map(JSONValue.string)),
                "cover": cover.map(JSONValue.string) ?? .null,
            ])
        }
        coverCount = covers
    }

    /// The whole document.
    var document: JSONValue {
        .object(["schemaVersion": .integer(Self.schemaVersion), "books": .array(books)])
    }
}
