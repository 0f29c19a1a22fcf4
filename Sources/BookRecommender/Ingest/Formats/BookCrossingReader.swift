/// Reads Book-Crossing ratings: `"User-ID";"ISBN";"Book-Rating"`, `;` or `,`
/// (a spreadsheet-saved copy), quoted or not. Ratings 1–10 are ratings on
/// `RatingScale.tenPoints`; 0 (implicit: the user has the book) is an `unrated` interaction.
/// Invalid ISBNs are kept as `bookcrossing:<raw>`; keys that lost leading
/// zeros are noted for the sink (`LostZeroKeys`), which repairs the ones two
/// readings fit once the run has the evidence. A field that is not UTF-8 is
/// read as Latin-1.
struct BookCrossingReader: RatingReader {
    /// True when the user named the format: a first line of data (a
    /// header-less chunk of the file) is then read as data, in the order
    /// user, ISBN, rating.
    var formatNamed: Bool

    package init(formatNamed: Bool = false) {
        self.formatNamed = formatNamed
    }

    /// Reads every record of `file` into `sink`.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read;
    ///   `.malformed` when it is empty, or its first line is data and
    ///   `formatNamed` is false or it has not 3 fields, or a header lacks a column.
    package func read(_ file: InputFile, into sink: inout some RecordSink) throws(IngestError) {
        var input = try DelimitedFile(
            file, assumedHeader: KnownHeaders.assumed(.bookcrossing, named: formatNamed, path: file.path))
        let columns = (
            user: try input.require("user", ["User-ID"]), isbn: try input.require("ISBN", ["ISBN"]),
            rating: try input.require("rating", ["Book-Rating"])
        )
        let latin1 = TextDecoding.utf8WithLatin1Fallback
        let rating = RatingField(column: columns.rating, scale: InputFormat.bookcrossing.fixedScale, unrated: .zero)
        var keys = LostZeroKeys()
        defer { sink.lostZeroKeys(keys) }
        try input.forEachRecord(into: &sink) { record, sink in
            let user = record.text(columns.user, latin1) ?? ""
            guard !user.isEmpty else {
                sink.reject(line: record.line, reason: .missingUser, record: record.rawText)
                return
            }
            guard let book = Self.book(record.text(columns.isbn, latin1) ?? "", noting: &keys) else {
                sink.reject(line: record.line, reason: .noBookID, record: record.rawText)
                return
            }
            rating.send(record, user: user, book: book, unratedKind: .unrated, to: &sink)
        }
    }

    /// The book of an ISBN field: ISBN-13, `asin:…`, `bookcrossing:<raw>`,
    /// or nil when the field is empty.
    static func book(_ text: String, noting keys: inout LostZeroKeys) -> BookRef? {
        let normalized = ISBN.normalize(text)
        keys.note(text, as: normalized) { "bookcrossing:\(text)" }
        return switch normalized {
        case .isbn13(let isbn, _): BookRef(isbn13: isbn)
        case .asin(let asin): BookRef(localID: "asin:\(asin)")
        case .invalid: BookRef(localID: "bookcrossing:\(text)")
        case .empty: nil
        }
    }
}
