/// Receives what `RatingsRowParser` reads, in file order: rows in the
/// parser's own user and book numbers, each new user and book once, when the
/// parser first accepts it (its number is the count announced before it).
///
/// A `RatingsBatch` is the sink of a run (`IngestSink.take` adds it); tests
/// collect rows with their lines in a sink of their own.
protocol RowSink {
    /// True once the sink wants no more records; the parser checks it after each record.
    var isStopped: Bool { get }
    mutating func newUser(_ id: String)
    mutating func newBook(_ book: BookRef)
    /// One row: the reader `user` has `book`, rated or not.
    mutating func add(user: Int32, book: Int32, value: RowValue, line: Int)
    /// A record that cannot be used, with its text as the file has it.
    mutating func reject(line: Int, reason: RejectReason, record: String)
    /// A row whose every field is empty.
    mutating func blank(line: Int)
    /// Keys of the file's ISBN field that number handling damaged, noted
    /// since the last call (see `LostZeroKeys`).
    mutating func lostZeroKeys(_ keys: LostZeroKeys)
}

extension RatingsBatch: RowSink {
    var isStopped: Bool { false }

    mutating func newUser(_ id: String) { newUsers.append(id) }

    mutating func newBook(_ book: BookRef) { newBooks.append(book) }

    /// Rows' lines are not kept: only a reject's line is ever reported.
    @inline(__always)
    mutating func add(user: Int32, book: Int32, value: RowValue, line: Int) {
        switch value {
        case .rating(let rating): self.rating(user: user, book: book, value: rating)
        case .interaction(let kind, let count): interaction(user: user, book: book, kind: kind, count: count)
        }
    }

    mutating func blank(line: Int) {
        blank += 1
        records += 1
    }

    mutating func lostZeroKeys(_ keys: LostZeroKeys) {
        lostZeros = lostZeros.map { $0.merging(keys) } ?? keys
    }
}
