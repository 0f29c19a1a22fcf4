/// A StoryGraph export CSV. The user is the file's member
/// (`InputFile.member`); `Star Rating` (fractional, 0.25–5) is a rating and
/// an empty one a book without stars, of the kind its `Read Status` says. A
/// copy that a spreadsheet cut down to its first columns has no `Star
/// Rating`: every book in it is an interaction. Text must be UTF-8.
struct StoryGraphCSVFormat: DelimitedFormat {
    let user: String
    let title: Int
    let authors: Int
    let isbn: Int
    let rating: RatingField?
    let shelf: ShelfField

    /// The columns of the export `input` opened.
    /// - Throws: `IngestError.malformed` when the header lacks `Title`,
    ///   `Authors` or `ISBN/UID`.
    init(_ input: borrowing DelimitedFile) throws(IngestError) {
        user = input.file.member
        title = try input.require("title", ["Title"])
        authors = try input.require("authors", ["Authors"])
        isbn = try input.require("ISBN", ["ISBN/UID"])
        rating = input.header.index(of: "Star Rating").map {
            RatingField(column: $0, scale: InputFormat.storygraph.fixedScale, unrated: .empty)
        }
        shelf = ShelfField(column: input.header.index(of: "Read Status"))
    }

    /// Checks in this order: encoding, book, rating.
    func read(_ record: CSVRecord, keys: borrowing RowKeys) -> RowOutcome {
        guard let titleText = record.text(title, .utf8), let authorsText = record.text(authors, .utf8),
            let isbnText = record.text(isbn, .utf8)
        else { return .rejected(.invalidEncoding) }
        let authorList = authorsText.split(separator: ",").map { String($0).trimmingBlanks() }.filter { !$0.isEmpty }
        guard let ref = Self.book(isbn: isbnText, title: titleText, authors: authorList) else {
            return .rejected(.noBookID)
        }
        let (user, book, kind) = (keys.user(id: user), RowKey.new(NewBook(ref: ref)), shelf.kind(in: record))
        guard let rating else { return .accepted(user: user, book: book, value: .interaction(kind, count: 1)) }
        return rating.outcome(in: record, user: user, book: book, unratedKind: kind)
    }

    /// The book: its ISBN-13, else `asin:…`, with its title and authors (the
    /// sink keys a book without an ISBN by them); nil with neither ISBN nor title.
    static func book(isbn: String, title: String, authors: [String]) -> BookRef? {
        var book = BookRef(title: title.isEmpty ? nil : title, authors: authors)
        switch ISBN.normalize(isbn) {
        case .isbn13(let value, _): book.isbn13 = value
        case .asin(let asin): book.localID = "asin:\(asin)"
        case .invalid, .empty: break
        }
        return book.isUnidentified ? nil : book
    }
}
