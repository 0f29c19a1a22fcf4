/// Reads the rows of a generic ratings file from their bytes, with the same
/// decisions as `RatingsCSVReader.read(_:into:)`: a user or book accepted
/// before costs an array lookup (a dictionary lookup for a key that is not a
/// small number), and a `String` is made only for a new one.
///
/// A parser numbers the users and books it accepts itself, in the order it
/// first accepts them; `IngestSink.take` maps those numbers to the sink's
/// indices (see `Indices`). Several parsers may read chunks of one file at
/// once, each with its own tables.
struct RatingsRowParser: Sendable {
    /// Per parser user and book number: the sink's user and item index, filled
    /// in by `IngestSink.take` as batches are added.
    struct Indices {
        var users: [Int32] = []
        var items: [Int32] = []
    }

    /// A user or book field: one the parser has accepted before, or a new one.
    private enum Key<New> {
        case known(Int32)
        case new(New)
    }

    let layout: RatingsCSVReader.Layout
    /// The layout's rating column (the parser reads files that have one).
    let rating: RatingField
    private var users = KeyInterner()
    private var books = KeyInterner()

    init(layout: RatingsCSVReader.Layout, rating: RatingField) {
        self.layout = layout
        self.rating = rating
    }

    /// Reads the bytes `range` of the file at `path` (its header skipped when
    /// the range starts the file) into `batch`, emptied first. A failure to
    /// open or read is kept in the batch's `error`.
    mutating func parse(_ path: String, delimiter: UInt8, range: Range<Int>, into batch: inout RatingsBatch) {
        do throws(IngestError) {
            var tokenizer = try CSVTokenizer(path: path, delimiter: delimiter, range: range)
            if range.lowerBound == 0 { _ = try tokenizer.next() }
            parse(&tokenizer, into: &batch)
        } catch {
            batch.clear()
            batch.error = error
        }
    }

    /// Reads records from `tokenizer` into `batch` (emptied first) until its
    /// end, or until `limit` records are read. A read failure ends the batch
    /// and is kept in its `error`.
    ///
    /// A plain line (see `CSVTokenizer.plainLine`) whose user and book are
    /// known and whose rating is plain is added straight from its bytes; any
    /// other record takes `add(_:to:)`, which decides the same for such a line.
    mutating func parse(_ tokenizer: inout CSVTokenizer, into batch: inout RatingsBatch, limit: Int = .max) {
        batch.clear()
        let columns = (layout.user, layout.book, rating.column)
        do throws(IngestError) {
            while batch.records < limit {
                if let line = tokenizer.plainLine(columns, fieldCount: layout.fieldCount),
                    let user = users.index(ofKnown: line.first), let book = books.index(ofKnown: line.second),
                    let value = rating.plainRating(CSVRecord.trimmed(line.third.bytes))
                {
                    tokenizer.skip(line)
                    batch.rating(user: user, book: book, value: value)
                    continue
                }
                guard let record = try tokenizer.next() else {
                    batch.isFinished = true
                    break
                }
                add(record, to: &batch)
            }
        } catch {
            batch.error = error
        }
        batch.linesRead = tokenizer.line - 1
        batch.mustReadOnAlone = tokenizer.sawQuotedField
        // On the parser's thread, over values still in cache: the sink only merges.
        if rating.scale == nil { batch.values.add(contentsOf: batch.ratingValues) }
    }

    /// Adds one record to `batch` as a blank row, a rating, an interaction or a
    /// reject, checking in the order `RatingsCSVReader.read(_:into:)` does:
    /// blank, split, encoding, user, book, rating.
    private mutating func add(_ record: CSVRecord, to batch: inout RatingsBatch) {
        if record.isBlankRow {
            batch.blank += 1
            batch.records += 1
            return
        }
        if let reason = DelimitedFile.problem(of: record, fieldCount: layout.fieldCount) {
            return batch.reject(record, reason)
        }
        let userBytes = record.trimmedBytes(layout.user)
        let bookBytes = record.trimmedBytes(layout.book)
        if let user = users.index(ofKnown: userBytes), let book = books.index(ofKnown: bookBytes),
            let value = rating.plainRating(in: record)
        {
            return batch.rating(user: user, book: book, value: value)
        }
        guard let user = Self.key(userBytes, in: users), let bookText = Self.key(bookBytes, in: books) else {
            return batch.reject(record, .invalidEncoding)
        }
        if case .new(let text) = user, text.isEmpty { return batch.reject(record, .missingUser) }
        let book: Key<(text: String, ref: BookRef)>
        switch bookText {
        case .known(let index): book = .known(index)
        case .new(let text):
            let ref = layout.bookRef(text)
            guard !ref.isUnidentified else { return batch.reject(record, .noBookID) }
            book = .new((text, ref))
        }
        switch rating.value(in: record) {
        case .rejected(let reason):
            batch.reject(record, reason)
        case .rating(let value):
            let (userIndex, bookIndex) = (index(of: user, in: &batch), index(of: book, in: &batch))
            batch.rating(user: userIndex, book: bookIndex, value: value)
        case .withoutStars:
            let (userIndex, bookIndex) = (index(of: user, in: &batch), index(of: book, in: &batch))
            batch.interaction(user: userIndex, book: bookIndex, kind: .unrated)
        }
    }

    /// The field's index in `interner` when it is known, else its text; nil when it is not UTF-8.
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, in interner: KeyInterner) -> Key<String>? {
        if let index = interner.index(ofKnown: bytes) { return .known(index) }
        return TextDecoding.utf8.decode(bytes).map { .new($0) }
    }

    /// The parser index of an accepted user, numbering a new one.
    private mutating func index(of user: Key<String>, in batch: inout RatingsBatch) -> Int32 {
        switch user {
        case .known(let index): return index
        case .new(let text):
            let (index, isNew) = users.index(of: text)
            if isNew { batch.newUsers.append(text) }
            return index
        }
    }

    /// The parser index of an accepted book, numbering a new one.
    private mutating func index(of book: Key<(text: String, ref: BookRef)>, in batch: inout RatingsBatch) -> Int32 {
        switch book {
        case .known(let index): return index
        case .new(let new):
            let (index, isNew) = books.index(of: new.text)
            if isNew { batch.newBooks.append(new.ref) }
            return index
        }
    }
}
