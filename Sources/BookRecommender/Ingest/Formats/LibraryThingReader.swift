/// Reads a LibraryThing CSV or TSV export (delimiter detected; `Book ID` or
/// `Book Id`). The user is the file's member (`InputFile.member`); `Rating` (half stars allowed) is a
/// rating and an empty or 0 one a book without stars, of the kind its
/// `Collections` say (read but unowned, currently reading, to read, wishlist). A field that is not UTF-8 is read
/// as Latin-1.
struct LibraryThingReader: RatingReader {
    /// True when the user named the format: a file whose header line is
    /// missing is then read by its field count (see `KnownHeaders`).
    var formatNamed: Bool

    package init(formatNamed: Bool = false) {
        self.formatNamed = formatNamed
    }

    /// Reads every record of `file` into `sink`.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read;
    ///   `.malformed` when it is empty or lacks `Book ID`, `Title` or `Rating`.
    package func read(_ file: InputFile, into sink: inout some RecordSink) throws(IngestError) {
        var input = try DelimitedFile(
            file, assumedHeader: KnownHeaders.assumed(.librarything, named: formatNamed, path: file.path))
        let bookID = try input.require("book id", ["Book ID"])
        let title = try input.require("title", ["Title"])
        let rating = RatingField(
            column: try input.require("rating", ["Rating"]), scale: InputFormat.librarything.fixedScale,
            unrated: [.empty, .zero])
        let author = input.header.index(of: "Primary Author")
        let shelf = ShelfField(column: input.header.index(of: "Collections"))
        let isbnColumns = [input.header.index(of: "ISBN"), input.header.index(of: "ISBNs")].compactMap { $0 }
        let user = file.member
        let latin1 = TextDecoding.utf8WithLatin1Fallback
        try input.forEachRecord(into: &sink) { record, sink in
            let id = record.text(bookID, latin1) ?? ""
            let titleText = record.text(title, latin1) ?? ""
            let authorText = author.flatMap { record.text($0, latin1) } ?? ""
            let isbn13 = isbnColumns.lazy.compactMap { ISBN.normalize(record.text($0, latin1) ?? "").isbn13 }.first
            let book = BookRef(
                isbn13: isbn13, localID: id.isEmpty ? nil : "librarything:\(id)",
                title: titleText.isEmpty ? nil : titleText, authors: authorText.isEmpty ? [] : [authorText])
            guard !book.isUnidentified else {
                sink.reject(line: record.line, reason: .noBookID, record: record.rawText)
                return
            }
            rating.send(record, user: user, book: book, unratedKind: shelf.kind(in: record), to: &sink)
        }
    }
}
