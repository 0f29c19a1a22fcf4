/// What one delimited export's columns mean, once its header is read: which
/// fields name the reader and the book, and what a row says about them.
///
/// A format decides only what is its own (which columns, which text
/// encoding, what its rating and shelf columns mean); `RatingsRowParser`
/// reads every format's records the same way, through `CSVRows`, and numbers
/// users and books from their bytes (see `RowKeys`), so a `String` is made
/// only for a value that leaves it: a new id, a title, a reject's text.
protocol DelimitedFormat: Sendable {
    /// The columns a plain line (see `CSVTokenizer.plainLine`) can be read
    /// from without splitting it into a record, when its reader and book are
    /// known; nil when the format's rows need the whole record.
    var plainColumns: PlainColumns? { get }
    /// How many book columns the format keys books by (see `NewBook.space`).
    var bookSpaces: Int { get }
    /// True while the file's rating scale is being detected: its ratings are
    /// then raw values (see `RatingField.scale`).
    var detectsScale: Bool { get }
    /// What one row (of the header's field count, not blank) says.
    mutating func read(_ record: CSVRecord, keys: borrowing RowKeys) -> RowOutcome
    /// The damaged keys noted since the last call, for a format that notes
    /// them (see `LostZeroKeys`), else nil.
    mutating func takeLostZeroKeys() -> LostZeroKeys?
}

extension DelimitedFormat {
    var plainColumns: PlainColumns? { nil }
    var bookSpaces: Int { 1 }
    var detectsScale: Bool { false }
    mutating func takeLostZeroKeys() -> LostZeroKeys? { nil }
}

/// What a row says, as a format reads it.
enum RowOutcome {
    /// The row cannot be used: the reason, for `rejects.csv`.
    case rejected(RejectReason)
    /// The reader has the book, rated or not; the catalog may still refuse a
    /// new book (see `Catalog.resolve`).
    case accepted(user: RowKey<String>, book: RowKey<NewBook>, value: RowValue)
}

/// What a reader did with a book, as one row says it.
enum RowValue {
    /// A rating on the common scale (raw while the scale is detected).
    case rating(Float)
    /// The book without stars, had `count` times.
    case interaction(InteractionKind, count: UInt32)
}

/// The user, book and value columns of a plain line, and how its value
/// field reads.
struct PlainColumns: Sendable {
    /// How the value field of a plain line reads.
    enum Value: Sendable {
        /// A rating column: a plain line's rating is what `RatingField` makes
        /// of it; any other value takes the record.
        case rating(RatingField)
        /// A count column: a whole number of at least 1, an interaction of this kind.
        case count(InteractionKind)
        /// No value column: every row is one interaction of this kind.
        case one(InteractionKind)
    }

    var user: Int
    var book: Int
    /// The value field's column (for `.one`, any column of the row).
    var value: Int
    var reading: Value

    /// What the value field of a plain line says; nil when the record must
    /// decide (not a plain rating or count).
    @inline(__always)
    func value(of field: CSVTokenizer.PlainField) -> RowValue? {
        switch reading {
        case .rating(let rating): rating.plainRating(CSVRecord.trimmed(field.bytes)).map(RowValue.rating)
        case .count(let kind): CSVNumber.count(CSVRecord.trimmed(field.bytes)).map { .interaction(kind, count: $0) }
        case .one(let kind): .interaction(kind, count: 1)
        }
    }
}
