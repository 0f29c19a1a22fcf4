/// Reads any delimited file of user, book, rating rows (goodbooks-10k
/// `ratings.csv`, MovieLens-style files, Book-Crossing-like layouts), or of
/// user, book rows without a rating column: a file of interactions, each row
/// an `unrated` book the reader has (`count` times with a count column).
///
/// The delimiter is detected from the header. A book column whose name
/// contains "isbn", or whose first values are mostly valid ISBNs (see
/// `ISBNColumnSample`), is normalised (`isbn13`, or `asin:…`, or the raw value
/// as `localID`); any other book column is an opaque id (`localID`). Text must
/// be UTF-8.
struct RatingsCSVReader: RatingReader {
    /// Column names from `--columns`; nil uses the usual names.
    package var columns: ColumnMap?
    /// The scale the file's ratings use, or nil to detect it: ratings are then
    /// sent as they are, and the sink puts them on the common scale once the
    /// file is read (see `IngestSink.beginScaleDetection()`). A 0 is an `unrated` interaction
    /// book unless the scale starts at 0.
    package var scale: RatingScale?

    package init(columns: ColumnMap? = nil, scale: RatingScale? = nil) {
        self.columns = columns
        self.scale = scale
    }

    /// Reads every record of `file` into `sink`.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read;
    ///   `.malformed` when it is empty or a user, book or rating column is
    ///   missing from the header (the message names it and lists the header).
    package func read(_ file: InputFile, into sink: inout some RecordSink) throws(IngestError) {
        var input = try DelimitedFile(file)
        let layout = try layout(of: input)
        try input.forEachRecord(into: &sink) { record, sink in
            guard let userID = record.text(layout.user, .utf8), let bookText = record.text(layout.book, .utf8) else {
                sink.reject(line: record.line, reason: .invalidEncoding, record: record.rawText)
                return
            }
            guard !userID.isEmpty else {
                sink.reject(line: record.line, reason: .missingUser, record: record.rawText)
                return
            }
            let ref = layout.bookRef(bookText)
            guard !ref.isUnidentified else {
                sink.reject(line: record.line, reason: .noBookID, record: record.rawText)
                return
            }
            guard let rating = layout.rating else {
                guard let count = layout.count(in: record) else {
                    let text = layout.countColumn.map { record.text($0, .utf8) ?? "" } ?? ""
                    sink.reject(
                        line: record.line,
                        reason: .other("count is not a whole number ≥ 1: \"\(RejectReason.shortened(text))\""),
                        record: record.rawText)
                    return
                }
                sink.interaction(user: userID, book: ref, kind: .unrated, count: count, line: record.line)
                return
            }
            rating.send(record, user: userID, book: ref, unratedKind: .unrated, to: &sink)
        }
    }

    /// Where a file's user, book and rating fields are, and how its book field is read.
    struct Layout {
        let user: Int
        let book: Int
        /// nil for a file of interactions.
        let rating: RatingField?
        /// A file of interactions' count column, if it has one.
        let countColumn: Int?
        /// The field count every record must have.
        let fieldCount: Int
        /// True when the book column's name contains "isbn".
        let bookIsISBN: Bool

        /// The book a (decoded, trimmed) book field names.
        func bookRef(_ text: String) -> BookRef {
            bookIsISBN ? RatingsCSVReader.isbnRef(text) : BookRef(localID: text)
        }

        /// How many times the record's reader had the book: 1 without a count
        /// column, else its whole number (at least 1); nil when it is not one.
        func count(in record: CSVRecord) -> UInt32? {
            guard let countColumn else { return 1 }
            guard let text = record.text(countColumn, .utf8), let count = UInt32(text), count >= 1 else { return nil }
            return count
        }
    }

    /// The layout of `input`, from its header: a rating column when
    /// `--columns` names one or the header has one under the usual names,
    /// else none (a file of interactions).
    /// - Throws: `IngestError.malformed` when a user or book column, or a
    ///   rating, count or date column `--columns` names, is missing.
    func layout(of input: borrowing DelimitedFile) throws(IngestError) -> Layout {
        let user = try column(.user, given: columns?.user, in: input)
        let book = try column(.book, given: columns?.item, in: input)
        let rating: Int?
        if let columns {
            rating = try columns.rating.map { name throws(IngestError) in try input.require("rating", [name]) }
        } else {
            rating = RatingColumns.rating.index(in: input.header)
        }
        let count = try columns?.count.map { name throws(IngestError) in try input.require("count", [name]) }
        if let date = columns?.date { _ = try input.require("date", [date]) }
        let namedISBN = input.header.names[book].lowercased().contains("isbn")
        return Layout(
            user: user, book: book,
            rating: rating.map {
                RatingField(column: $0, scale: scale, unrated: scale?.zeroIsUnrated ?? true ? [.empty, .zero] : .empty)
            },
            countColumn: rating == nil ? count : nil,
            fieldCount: input.fieldCount,
            bookIsISBN: namedISBN || ISBNColumnSample.holdsISBNs(input.file, delimiter: input.delimiter, column: book))
    }

    /// The column of `role`: the one named `given` (from `--columns`), else
    /// the first under a usual name.
    /// - Throws: `IngestError.malformed` naming the column and listing the header.
    private func column(
        _ role: RatingColumns, given: String?, in input: borrowing DelimitedFile
    ) throws(IngestError) -> Int {
        if let given { return try input.require(role.rawValue, [given]) }
        return try input.require(role.rawValue, role.names, found: role.index(in: input.header))
    }

    /// The book of an ISBN column: the ISBN-13, else `asin:…`, else the raw value.
    static func isbnRef(_ text: String) -> BookRef {
        switch ISBN.normalize(text) {
        case .isbn13(let isbn, _): BookRef(isbn13: isbn)
        case .asin(let asin): BookRef(localID: "asin:\(asin)")
        case .invalid: BookRef(localID: text)
        case .empty: BookRef()
        }
    }
}
