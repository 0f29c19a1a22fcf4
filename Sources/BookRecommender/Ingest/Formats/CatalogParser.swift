/// Reads a book catalog for `--catalog`: the goodbooks-10k `books.csv` layout
/// (`book_id, goodreads_book_id, isbn, isbn13, authors,
/// original_publication_year, title, image_url`, …) or the minimal
/// `isbn,title,authors[,image_url]`, in UTF-8; or, when the file starts with
/// `<`, a library's MARC 21 XML (see `MARCXMLCatalogFormat`).
struct CatalogParser {
    init() {}

    /// Adds every usable row of `file` to `catalog`, reporting the others
    /// through `reject` (line, reason, raw record).
    /// - Returns: the rows read, used, blank and rejected.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read;
    ///   `.malformed` when it is empty or lacks an `isbn` or `title` column, or
    ///   is XML that `MARCXMLCatalogFormat` cannot read at all.
    func read(
        _ file: InputFile, into catalog: inout Catalog, reject: (Int, RejectReason, String) -> Void
    ) throws(IngestError) -> RecordCounts {
        if try FileHead.read(file).firstSignificantByte == UInt8(ascii: "<") {
            return try MARCXMLCatalogFormat().read(file, into: &catalog, reject: reject)
        }
        var input = try DelimitedFile(file)
        let columns = Columns(
            bookID: input.header.index(of: "book_id"), goodreadsID: input.header.index(of: "goodreads_book_id"),
            isbn: try input.require("ISBN", ["isbn"]), isbn13: input.header.index(of: "isbn13"),
            title: try input.require("title", ["title"]), originalTitle: input.header.index(of: "original_title"),
            authors: input.header.index(of: "authors"), year: input.header.index(of: "original_publication_year"),
            imageURL: input.header.index(of: "image_url"))
        return try withoutActuallyEscaping(reject) { (reject) throws(IngestError) -> RecordCounts in
            var sink = CatalogSink(catalog: catalog, columns: columns, reject: reject)
            try input.forEachRecord(into: &sink) { record, sink in sink.add(record) }
            catalog = sink.catalog
            return sink.counts
        }
    }

    /// An `isbn` that lost more than one leading zero (`61120081` for
    /// `0061120081`), accepted only when the `isbn13` column's scientific
    /// notation confirms it.
    static func lostZeros(_ isbn: String, confirmedBy scientific: String) -> String? {
        guard (1..<9).contains(isbn.count), isbn.utf8.allSatisfy(ISBN.isDigit),
            let isbn13 = ISBN.normalize(String(repeating: "0", count: 10 - isbn.count) + isbn).isbn13,
            ISBN.scientific(scientific, matches: isbn13)
        else { return nil }
        return isbn13
    }

    struct Columns {
        var bookID: Int?
        var goodreadsID: Int?
        var isbn: Int
        var isbn13: Int?
        var title: Int
        var originalTitle: Int?
        var authors: Int?
        var year: Int?
        var imageURL: Int?
    }

    /// Turns records into catalog entries; also receives the records that
    /// `DelimitedFile` rejects.
    struct CatalogSink: RecordSink {
        var catalog: Catalog
        let columns: Columns
        let onReject: (Int, RejectReason, String) -> Void
        var counts = RecordCounts()

        init(catalog: Catalog, columns: Columns, reject: @escaping (Int, RejectReason, String) -> Void) {
            self.catalog = catalog
            self.columns = columns
            self.onReject = reject
        }

        var isStopped: Bool { false }
        mutating func rating(user: String, book: BookRef, value: Float, line: Int) {}
        mutating func interaction(user: String, book: BookRef, kind: InteractionKind, count: UInt32, line: Int) {}
        mutating func reject(line: Int, reason: RejectReason, record: String) {
            counts.read += 1
            counts.rejected += 1
            onReject(line, reason, record)
        }

        mutating func blank(line: Int) {
            counts.read += 1
            counts.blank += 1
        }

        mutating func add(_ record: CSVRecord) {
            guard let entry = entry(record) else { return }
            counts.read += 1
            counts.used += 1
            catalog.add(entry)
        }

        /// The catalog entry of `record`, or nil after rejecting it.
        private mutating func entry(_ record: CSVRecord) -> Catalog.Entry? {
            let text: (Int?) -> String? = { index in index.map { record.text($0, .utf8) } ?? "" }
            guard let isbnText = text(columns.isbn), let isbn13Text = text(columns.isbn13),
                let bookIDText = text(columns.bookID), let goodreadsText = text(columns.goodreadsID),
                var title = text(columns.title), let originalTitle = text(columns.originalTitle),
                let authorsText = text(columns.authors), let yearText = text(columns.year),
                let imageText = text(columns.imageURL)
            else { return rejected(record, .invalidEncoding) }
            let isbn13 =
                ISBN.normalize(isbnText).isbn13 ?? ISBN.normalize(isbn13Text).isbn13
                ?? CatalogParser.lostZeros(isbnText, confirmedBy: isbn13Text)
            let bookID = bookIDText.isEmpty ? (isbn13 ?? isbnText) : bookIDText
            guard !bookID.isEmpty else { return rejected(record, .noBookID) }
            if title.isEmpty { title = originalTitle }
            guard !title.isEmpty else { return rejected(record, .other("no title")) }
            return Catalog.Entry(
                bookID: bookID, goodreadsID: goodreadsText.isEmpty ? nil : goodreadsText, isbn13: isbn13,
                title: title,
                authors: authorsText.split(separator: ",").map { String($0).trimmingBlanks() }.filter {
                    !$0.isEmpty
                },
                year: Double(yearText).flatMap { $0.isFinite && abs($0) < 100_000 ? Int($0) : nil },
                imageURL: imageText.isEmpty ? nil : imageText)
        }

        private mutating func rejected(_ record: CSVRecord, _ reason: RejectReason) -> Catalog.Entry? {
            reject(line: record.line, reason: reason, record: record.rawText)
            return nil
        }
    }
}
