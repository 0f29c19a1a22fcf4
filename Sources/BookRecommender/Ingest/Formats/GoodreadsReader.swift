/// Reads a Goodreads "Export Library" CSV (31- and 24-column headers, parsed
/// by name). The user is the file's member (`InputFile.member`); `My Rating` 1–5 is a rating and 0 a
/// book without stars, of the kind its `Exclusive Shelf` says (read, currently
/// reading, to-read). Text must be UTF-8.
struct GoodreadsReader: RatingReader {
    /// True when the user named the format: a file whose header line is
    /// missing is then read by its field count (see `KnownHeaders`).
    var formatNamed: Bool

    package init(formatNamed: Bool = false) {
        self.formatNamed = formatNamed
    }

    /// Reads every record of `file` into `sink`.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read;
    ///   `.malformed` when it is empty or lacks `Book Id`, `Title`, `Author`,
    ///   `ISBN`, `ISBN13` or `My Rating`.
    package func read(_ file: InputFile, into sink: inout some RecordSink) throws(IngestError) {
        var input = try DelimitedFile(
            file, assumedHeader: KnownHeaders.assumed(.goodreads, named: formatNamed, path: file.path))
        let bookID = try input.require("book id", ["Book Id", "Book ID"])
        let title = try input.require("title", ["Title"])
        let author = try input.require("author", ["Author"])
        let isbn10 = try input.require("ISBN", ["ISBN"])
        let isbn13 = try input.require("ISBN-13", ["ISBN13"])
        let rating = RatingField(
            column: try input.require("rating", ["My Rating"]), scale: InputFormat.goodreads.fixedScale,
            unrated: .zero)
        let additional = input.header.index(of: "Additional Authors")
        let shelf = ShelfField(column: input.header.index(of: "Exclusive Shelf"))
        let user = file.member
        try input.forEachRecord(into: &sink) { record, sink in
            guard let id = record.text(bookID, .utf8), let titleText = record.text(title, .utf8),
                let authorText = record.text(author, .utf8), let isbn13Text = record.text(isbn13, .utf8),
                let isbn10Text = record.text(isbn10, .utf8),
                let additionalText = additional.map({ record.text($0, .utf8) }) ?? ""
            else {
                sink.reject(line: record.line, reason: .invalidEncoding, record: record.rawText)
                return
            }
            let book = BookRef(
                isbn13: ISBN.normalize(isbn13Text).isbn13 ?? ISBN.normalize(isbn10Text).isbn13,
                localID: id.isEmpty ? nil : "goodreads:\(id)",
                title: titleText.isEmpty ? nil : titleText,
                authors: Self.authors(primary: authorText, additional: additionalText))
            guard !book.isUnidentified else {
                sink.reject(line: record.line, reason: .noBookID, record: record.rawText)
                return
            }
            rating.send(record, user: user, book: book, unratedKind: shelf.kind(in: record), to: &sink)
        }
    }

    /// The primary author, then the comma-separated additional authors.
    static func authors(primary: String, additional: String) -> [String] {
        ([primary] + additional.split(separator: ",").map { String($0).trimmingBlanks() }).filter { !$0.isEmpty }
    }
}
