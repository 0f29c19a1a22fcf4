/// A Goodreads "Export Library" CSV (31- and 24-column headers, read by
/// name). The user is the file's member (`InputFile.member`); `My Rating` 1–5
/// is a rating and 0 a book without stars, of the kind its `Exclusive Shelf`
/// says (read, currently reading, to-read). Text must be UTF-8.
struct GoodreadsCSVFormat: DelimitedFormat {
    let user: String
    let bookID: Int
    let title: Int
    let author: Int
    let isbn10: Int
    let isbn13: Int
    let rating: RatingField
    let additional: Int?
    let shelf: ShelfField

    /// The columns of the export `input` opened.
    /// - Throws: `IngestError.malformed` when the header lacks `Book Id`,
    ///   `Title`, `Author`, `ISBN`, `ISBN13` or `My Rating`.
    init(_ input: borrowing DelimitedFile) throws(IngestError) {
        user = input.file.member
        bookID = try input.require("book id", ["Book Id", "Book ID"])
        title = try input.require("title", ["Title"])
        author = try input.require("author", ["Author"])
        isbn10 = try input.require("ISBN", ["ISBN"])
        isbn13 = try input.require("ISBN-13", ["ISBN13"])
        rating = RatingField(
            column: try input.require("rating", ["My Rating"]), scale: InputFormat.goodreads.fixedScale,
            unrated: .zero)
        additional = input.header.index(of: "Additional Authors")
        shelf = ShelfField(column: input.header.index(of: "Exclusive Shelf"))
    }

    /// Checks in this order: encoding, book, rating.
    func read(_ record: CSVRecord, keys: borrowing RowKeys) -> RowOutcome {
        guard let id = record.text(bookID, .utf8), let titleText = record.text(title, .utf8),
            let authorText = record.text(author, .utf8), let isbn13Text = record.text(isbn13, .utf8),
            let isbn10Text = record.text(isbn10, .utf8),
            let additionalText = additional.map({ record.text($0, .utf8) }) ?? ""
        else { return .rejected(.invalidEncoding) }
        let book = BookRef(
            isbn13: ISBN.normalize(isbn13Text).isbn13 ?? ISBN.normalize(isbn10Text).isbn13,
            localID: id.isEmpty ? nil : "goodreads:\(id)",
            title: titleText.isEmpty ? nil : titleText,
            authors: Self.authors(primary: authorText, additional: additionalText))
        guard !book.isUnidentified else { return .rejected(.noBookID) }
        return rating.outcome(
            in: record, user: keys.user(id: user), book: .new(NewBook(ref: book)), unratedKind: shelf.kind(in: record))
    }

    /// The primary author, then the comma-separated additional authors.
    static func authors(primary: String, additional: String) -> [String] {
        ([primary] + additional.split(separator: ",").map { String($0).trimmingBlanks() }).filter { !$0.isEmpty }
    }
}
