/// Any delimited file of user, book, rating rows (goodbooks-10k
/// `ratings.csv`, MovieLens-style files, Book-Crossing-like layouts), or of
/// user, book rows without a rating column: a file of interactions, each row
/// an `unrated` book the reader has (`count` times with a count column).
///
/// The delimiter is detected from the header. A book column whose name
/// contains "isbn", or whose first values are mostly valid ISBNs (see
/// `ISBNColumnSample`), is normalised (`isbn13`, or `asin:…`, or the raw value
/// as `localID`); any other book column is an opaque id (`localID`). Text must
/// be UTF-8. An empty rating, and a 0 unless the scale starts at 0, is an
/// `unrated` interaction.
struct RatingsCSVFormat: DelimitedFormat {
    let user: Int
    let book: Int
    /// nil for a file of interactions.
    let rating: RatingField?
    /// A file of interactions' count column, if it has one.
    let countColumn: Int?
    /// True when the book column holds ISBNs.
    let bookIsISBN: Bool

    /// The columns of the file `input` opened: a rating column when
    /// `columns` names one or the header has one under the usual names, else
    /// none (a file of interactions).
    /// - Parameters:
    ///   - columns: column names from `--columns`; nil uses the usual names.
    ///   - scale: the scale the file's ratings use, or nil to detect it:
    ///     ratings are then read raw, and the sink puts them on the common
    ///     scale once the file is read (see `IngestSink.beginScaleDetection()`).
    /// - Throws: `IngestError.malformed` when a user or book column, or a
    ///   rating, count or date column `columns` names, is missing (the
    ///   message names it and lists the header).
    init(_ input: borrowing DelimitedFile, columns: ColumnMap? = nil, scale: RatingScale? = nil) throws(IngestError) {
        user = try Self.column(.user, given: columns?.user, in: input)
        book = try Self.column(.book, given: columns?.item, in: input)
        let ratingColumn: Int?
        if let columns {
            ratingColumn = try columns.rating.map { name throws(IngestError) in try input.require("rating", [name]) }
        } else {
            ratingColumn = RatingColumns.rating.index(in: input.header)
        }
        let count = try columns?.count.map { name throws(IngestError) in try input.require("count", [name]) }
        if let date = columns?.date { _ = try input.require("date", [date]) }
        rating = ratingColumn.map {
            RatingField(column: $0, scale: scale, unrated: scale?.zeroIsUnrated ?? true ? [.empty, .zero] : .empty)
        }
        countColumn = ratingColumn == nil ? count : nil
        let namedISBN = input.header.names[book].lowercased().contains("isbn")
        bookIsISBN =
            namedISBN || ISBNColumnSample.holdsISBNs(input.file, delimiter: input.delimiter, column: book)
    }

    var plainColumns: PlainColumns? {
        if let rating { return PlainColumns(user: user, book: book, value: rating.column, reading: .rating(rating)) }
        if let countColumn {
            return PlainColumns(user: user, book: book, value: countColumn, reading: .count(.unrated))
        }
        return PlainColumns(user: user, book: book, value: book, reading: .one(.unrated))
    }

    var detectsScale: Bool { rating.map { $0.scale == nil } ?? false }

    /// Checks in this order: encoding (user, book), user, book, rating or count.
    func read(_ record: CSVRecord, keys: borrowing RowKeys) -> RowOutcome {
        let (userBytes, bookBytes) = (record.trimmedBytes(user), record.trimmedBytes(book))
        // Without a user the row is a reject either way: no key is looked up
        // (a spreadsheet's export can hold a million such rows).
        if userBytes.isEmpty {
            return .rejected(TextDecoding.utf8.canDecode(bookBytes) ? .missingUser : .invalidEncoding)
        }
        guard let user = keys.user(userBytes, .utf8), let bookText = keys.book(bookBytes, .utf8) else {
            return .rejected(.invalidEncoding)
        }
        let book = bookText.book { text in
            let ref = bookIsISBN ? BookRef(isbnField: text) : BookRef(localID: text)
            return ref.isUnidentified ? nil : ref
        }
        guard let book else { return .rejected(.noBookID) }
        if let rating { return rating.outcome(in: record, user: user, book: book, unratedKind: .unrated) }
        guard let countColumn else { return .accepted(user: user, book: book, value: .interaction(.unrated, count: 1)) }
        guard let count = CSVNumber.count(record.trimmedBytes(countColumn)) else {
            let text = record.text(countColumn, .utf8) ?? ""
            return .rejected(.other("count is not a whole number ≥ 1: \"\(RejectReason.shortened(text))\""))
        }
        return .accepted(user: user, book: book, value: .interaction(.unrated, count: count))
    }

    /// The column of `role`: the one named `given` (from `--columns`), else
    /// the first under a usual name.
    /// - Throws: `IngestError.malformed` naming the column and listing the header.
    private static func column(
        _ role: RatingColumns, given: String?, in input: borrowing DelimitedFile
    ) throws(IngestError) -> Int {
        if let given { return try input.require(role.rawValue, [given]) }
        return try input.require(role.rawValue, role.names, found: role.index(in: input.header))
    }
}
