@testable import BookRecommender

/// The rows a `RatingsRowParser` reads, handed to a `CollectingSink` as
/// records: each with its reader's id, its book and its line.
struct CollectedRows: RowSink {
    var sink: CollectingSink
    /// By parser number.
    private var users: [String] = []
    private var books: [BookRef] = []

    init(_ sink: CollectingSink) {
        self.sink = sink
    }

    var isStopped: Bool { sink.isStopped }

    mutating func newUser(_ id: String) { users.append(id) }

    mutating func newBook(_ book: BookRef) { books.append(book) }

    mutating func add(user: Int32, book: Int32, value: RowValue, line: Int) {
        let (user, book) = (users[Int(user)], books[Int(book)])
        switch value {
        case .rating(let value): sink.rating(user: user, book: book, value: value, line: line)
        case .interaction(let kind, let count):
            sink.interaction(user: user, book: book, kind: kind, count: count, line: line)
        }
    }

    mutating func reject(line: Int, reason: RejectReason, record: String) {
        sink.reject(line: line, reason: reason, record: record)
    }

    mutating func blank(line: Int) { sink.blank(line: line) }

    /// Damaged keys are the sink's to resolve, a run's only (see `LostZeroKeysTests`).
    mutating func lostZeroKeys(_ keys: LostZeroKeys) {}
}

extension FormatFixture {
    /// Reads `file` as the delimited `format` into `sink`, on one thread,
    /// with the parser a run reads it with.
    static func read(
        _ format: InputFormat, _ file: InputFile, settings: DelimitedIngest.Settings = .init(),
        into sink: inout CollectingSink
    ) throws {
        var input = try DelimitedIngest.open(file, as: format, settings: settings)
        var parser = try DelimitedIngest.parser(format, for: input, settings: settings, catalog: Catalog())
        var rows = CollectedRows(sink)
        _ = try parser.parse(&input.rows, into: &rows)
        sink = rows.sink
    }

    /// Reads `file` as the delimited `format` into a fresh sink.
    static func read(
        _ format: InputFormat, _ file: InputFile, settings: DelimitedIngest.Settings = .init()
    ) throws -> CollectingSink {
        var sink = CollectingSink()
        try read(format, file, settings: settings, into: &sink)
        return sink
    }
}
