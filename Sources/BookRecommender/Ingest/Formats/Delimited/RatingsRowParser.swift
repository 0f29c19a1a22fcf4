/// Reads the rows of a delimited file of any format (see `DelimitedFormat`)
/// from their bytes: a user or book accepted before costs an array lookup (a
/// dictionary lookup for a key that is not a small number), and a `String` is
/// made only for a new one or a reject.
///
/// Every row takes the same steps: `CSVRows` sorts the record (blank, cannot
/// be read, a row), the format says what the row holds, the catalog may
/// refuse a new book (`Catalog.resolve`), and the parser numbers new users
/// and books (see `RowKeys`). Several parsers may read pieces of one file at
/// once, each with its own numbers; `IngestSink.take` maps them to the
/// sink's (see `Indices`).
struct RatingsRowParser: Sendable {
    /// Per parser user and book number: the sink's user and item index, filled
    /// in by `IngestSink.take` as batches are added.
    struct Indices {
        var users: [Int32] = []
        var items: [Int32] = []
    }

    private(set) var format: any DelimitedFormat
    private let plain: PlainColumns?
    private let catalog: Catalog
    private var keys: RowKeys

    /// - Parameter catalog: the run's `--catalog`, which resolves books and may refuse them.
    init(_ format: any DelimitedFormat, catalog: Catalog) {
        self.format = format
        self.plain = format.plainColumns
        self.catalog = catalog
        self.keys = RowKeys(bookSpaces: format.bookSpaces)
    }

    /// Reads rows from `rows` into `sink` until their end, `limit` records,
    /// or the sink stops.
    ///
    /// A plain line (see `CSVRows.plainLine`) whose user and book are known
    /// and whose value field reads on its own (see `PlainColumns`) is added
    /// straight from its bytes; any other record takes `add(_:to:)`, which
    /// decides the same for such a line.
    /// - Returns: true when the rows ended.
    /// - Throws: `IngestError.cannotRead` when reading fails part-way (what
    ///   was read before is in `sink`).
    mutating func parse(
        _ rows: inout CSVRows, into sink: inout some RowSink, limit: Int = .max
    ) throws(IngestError) -> Bool {
        defer {
            if let noted = format.takeLostZeroKeys() { sink.lostZeroKeys(noted) }
        }
        // The plain-line path, taken apart once: it is the hot loop.
        let columns = plain.map { ($0.user, $0.book, $0.value) }
        let rating: RatingField? = if case .rating(let field)? = plain?.reading { field } else { nil }
        var records = 0
        while records < limit && !sink.isStopped {
            records += 1
            if let columns, let line = rows.plainLine(columns), let user = keys.users.index(ofKnown: line.first),
                let book = keys.firstBooks.index(ofKnown: line.second),
                let value = rating.map({ $0.plainRating(CSVRecord.trimmed(line.third.bytes)).map(RowValue.rating) })
                    ?? plain?.value(of: line.third)
            {
                let number = rows.line
                rows.skip(line)
                sink.add(user: user, book: keys.number(ofFirstSpace: book), value: value, line: number)
                continue
            }
            switch try rows.next() {
            case .fields(let record)?: add(record, to: &sink)
            case .blank(let line)?: sink.blank(line: line)
            case .unreadable(let record, let reason)?:
                sink.reject(line: record.line, reason: reason, record: record.rawText)
            case nil: return true
            }
        }
        return false
    }

    /// Adds one row to `sink` as a rating, an interaction or a reject.
    private mutating func add(_ record: CSVRecord, to sink: inout some RowSink) {
        switch format.read(record, keys: keys) {
        case .rejected(let reason):
            sink.reject(line: record.line, reason: reason, record: record.rawText)
        case .accepted(let user, let book, let value):
            if case .new(let new) = book {
                let id = keys.id(of: user)
                if case .refused(let reason) = catalog.resolve(user: id, book: new.ref) {
                    let text = IngestSink.describe(user: id, book: new.ref)
                    return sink.reject(line: record.line, reason: reason, record: text)
                }
            }
            let userNumber = keys.number(user, into: &sink)
            let bookNumber = keys.number(book, into: &sink)
            sink.add(user: userNumber, book: bookNumber, value: value, line: record.line)
        }
    }
}
