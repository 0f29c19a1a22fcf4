/// Book-Crossing ratings: `"User-ID";"ISBN";"Book-Rating"`, `;` or `,` (a
/// spreadsheet-saved copy), quoted or not. Ratings 1–10 are ratings on
/// `RatingScale.tenPoints`; 0 (implicit: the user has the book) is an
/// `unrated` interaction. Invalid ISBNs are kept as `bookcrossing:<raw>`;
/// keys that lost leading zeros are noted for the sink (`LostZeroKeys`), which
/// repairs the ones two readings fit once the run has the evidence. A field
/// that is not UTF-8 is read as Latin-1.
struct BookCrossingCSVFormat: DelimitedFormat {
    let user: Int
    let isbn: Int
    let rating: RatingField
    /// What the ISBN values read since the last `takeLostZeroKeys()` showed.
    private var noted = LostZeroKeys()

    /// The columns of the file `input` opened.
    /// - Throws: `IngestError.malformed` when a header lacks `User-ID`, `ISBN` or `Book-Rating`.
    init(_ input: borrowing DelimitedFile) throws(IngestError) {
        user = try input.require("user", ["User-ID"])
        isbn = try input.require("ISBN", ["ISBN"])
        rating = RatingField(
            column: try input.require("rating", ["Book-Rating"]), scale: InputFormat.bookcrossing.fixedScale,
            unrated: .zero)
    }

    var plainColumns: PlainColumns? {
        PlainColumns(user: user, book: isbn, value: rating.column, reading: .rating(rating))
    }

    /// Checks in this order: user, book, rating. An ISBN value is noted when
    /// it is first read for an accepted reader.
    mutating func read(_ record: CSVRecord, keys: borrowing RowKeys) -> RowOutcome {
        let latin1 = TextDecoding.utf8WithLatin1Fallback
        guard let user = keys.user(record.trimmedBytes(user), latin1),
            let isbnText = keys.book(record.trimmedBytes(isbn), latin1)
        else { return .rejected(.invalidEncoding) }
        if case .new(let id) = user, id.isEmpty { return .rejected(.missingUser) }
        guard let book = isbnText.book({ Self.book($0, noting: &noted) }) else { return .rejected(.noBookID) }
        return rating.outcome(in: record, user: user, book: book, unratedKind: .unrated)
    }

    /// Every file of the format sends its notes, even none (see `ISBNRepairs`).
    mutating func takeLostZeroKeys() -> LostZeroKeys? {
        defer { noted = LostZeroKeys() }
        return noted
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
