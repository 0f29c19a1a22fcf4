/// Reads a StoryGraph export CSV. The user is the file's member (`InputFile.member`); `Star Rating`
/// (fractional, 0.25–5) is a rating and an empty one a book without stars, of the kind its
/// `Read Status` says. A copy that a spreadsheet cut down to its first columns
/// has no `Star Rating`: every book in it is an interaction. Text must be UTF-8.
struct StoryGraphReader: RatingReader {
    /// True when the user named the format: a file whose header line is
    /// missing is then read by its field count (see `KnownHeaders`).
    var formatNamed: Bool

    package init(formatNamed: Bool = false) {
        self.formatNamed = formatNamed
    }

    /// Reads every record of `file` into `sink`.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read;
    ///   `.malformed` when it is empty or lacks `Title`, `Authors` or `ISBN/UID`.
    package func read(_ file: InputFile, into sink: inout some RecordSink) throws(IngestError) {
        var input = try DelimitedFile(
            file, assumedHeader: KnownHeaders.assumed(.storygraph, named: formatNamed, path: file.path))
        let title = try input.require("title", ["Title"])
        let authors = try input.require("authors", ["Authors"])
        let isbn = try input.require("ISBN", ["ISBN/UID"])
        let rating = input.header.index(of: "Star Rating").map {
            RatingField(column: $0, scale: InputFormat.storygraph.fixedScale, unrated: .empty)
        }
        let shelf = ShelfField(column: input.header.index(of: "Read Status"))
        let user = file.member
        try input.forEachRecord(into: &sink) { record, sink in
            guard let titleText = record.text(title, .utf8), let authorsText = record.text(authors, .utf8),
                let isbnText = record.text(isbn, .utf8)
            else {
                sink.reject(line: record.line, reason: .invalidEncoding, record: record.rawText)
                return
            }
            let authorList = authorsText.split(separator: ",").map { String($0).trimmingBlanks() }.filter {
                !$0.isEmpty
            }
            guard let book = Self.book(isbn: isbnText, title: titleText, authors: authorList) else {
                sink.reject(line: record.line, reason: .noBookID, record: record.rawText)
                return
            }
            let kind = shelf.kind(in: record)
            guard let rating else { return sink.interaction(user: user, book: book, kind: kind, line: record.line) }
            rating.send(record, user: user, book: book, unratedKind: kind, to: &sink)
        }
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
