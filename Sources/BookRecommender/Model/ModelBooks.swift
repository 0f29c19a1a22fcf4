/// The books of a model as `bookrec similar` lists them: each with its title,
/// ISBN-13 and how many of the training readers rated it, found by any name
/// a user may give.
struct ModelBooks: Sendable {
    /// One book of the model.
    struct Book: Sendable, Equatable {
        let key: String
        let title: String?
        let isbn13: String?
        /// How many training readers rated it.
        let ratings: Int
    }

    private let books: BookTable
    private let ratingCounts: [Int]

    /// Counts every training reader's ratings once (one pass over them).
    init(_ model: BookModel) {
        books = model.books
        var counts = [Int](repeating: 0, count: model.books.count)
        for entry in model.readers.rows.byUser.entries { counts[Int(entry.column)] += 1 }
        ratingCounts = counts
    }

    /// The book `text` names: its key, the key ingest makes of it (an ISBN-10
    /// names its ISBN-13), else the book whose recorded ISBN-13 it is (a
    /// goodbooks id resolved by a catalog); nil when the model has none.
    func book(named text: String) -> Book? {
        if let item = books.item(named: text) { return book(item) }
        guard let isbn13 = BookRef(isbnField: text.trimmingCharacters(in: .whitespaces)).isbn13,
            let item = books.infos.firstIndex(where: { $0.isbn13 == isbn13 })
        else { return nil }
        return book(Int32(item))
    }

    /// The book whose key is `key`, or nil.
    func book(key: String) -> Book? { books.item(forKey: key).map(book) }

    private func book(_ item: Int32) -> Book {
        let info = books.infos[Int(item)]
        return Book(
            key: books.keys[Int(item)], title: info.title, isbn13: info.isbn13, ratings: ratingCounts[Int(item)])
    }
}
