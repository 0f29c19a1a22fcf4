/// A LibraryThing CSV or TSV export (delimiter detected; `Book ID` or `Book
/// Id`). The user is the file's member (`InputFile.member`); `Rating` (half
/// stars allowed) is a rating and an empty or 0 one a book without stars, of
/// the kind its `Collections` say (read but unowned, currently reading, to
/// read, wishlist). A field that is not UTF-8 is read as Latin-1.
struct LibraryThingCSVFormat: DelimitedFormat {
    let user: String
    let bookID: Int
    let title: Int
    let rating: RatingField
    let author: Int?
    let shelf: ShelfField
    let isbnColumns: [Int]

    /// The columns of the export `input` opened.
    /// - Throws: `IngestError.malformed` when the header lacks `Book ID`, `Title` or `Rating`.
    init(_ input: borrowing DelimitedFile) throws(IngestError) {
        user = input.file.member
        bookID = try input.require("book id", ["Book ID"])
        title = try input.require("title", ["Title"])
        rating = RatingField(
            column: try input.require("rating", ["Rating"]), scale: InputFormat.librarything.fixedScale,
            unrated: [.empty, .zero])
        author = input.header.index(of: "Primary Author")
        shelf = ShelfField(column: input.header.index(of: "Collections"))
        isbnColumns = [input.header.index(of: "ISBN"), input.header.index(of: "ISBNs")].compactMap { $0 }
    }

    /// Checks in this order: book, rating.
    func read(_ record: CSVRecord, keys: borrowing RowKeys) -> RowOutcome {
        let latin1 = TextDecoding.utf8WithLatin1Fallback
        let id = record.text(bookID, latin1) ?? ""
        let titleText = record.text(title, latin1) ?? ""
        let authorText = author.flatMap { record.text($0, latin1) } ?? ""
        let isbn13 = isbnColumns.lazy.compactMap { ISBN.normalize(record.text($0, latin1) ?? "").isbn13 }.first
        let book = BookRef(
            isbn13: isbn13, localID: id.isEmpty ? nil : "librarything:\(id)",
            title: titleText.isEmpty ? nil : titleText, authors: authorText.isEmpty ? [] : [authorText])
        guard !book.isUnidentified else { return .rejected(.noBookID) }
        return rating.outcome(
            in: record, user: keys.user(id: user), book: .new(NewBook(ref: book)), unratedKind: shelf.kind(in: record))
    }
}
