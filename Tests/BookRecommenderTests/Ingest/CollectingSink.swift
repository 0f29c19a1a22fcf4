@testable import BookRecommender

/// A `RecordSink` for tests: keeps everything it is sent, and can stop after
/// a number of records.
struct CollectingSink: RecordSink {
    struct Rating: Equatable {
        var user: String
        var book: BookRef
        var value: Float
        var line: Int
    }

    struct Shelved: Equatable {
        var user: String
        var book: BookRef
        var line: Int
        var kind: InteractionKind = .unrated
        var count: UInt32 = 1
    }

    struct Reject: Equatable {
        var line: Int
        var reason: RejectReason
        var record: String
    }

    var ratings: [Rating] = []
    var shelved: [Shelved] = []
    var rejects: [Reject] = []
    /// Lines of the blank rows received.
    var blanks: [Int] = []
    /// Stop once this many records arrived (nil: never).
    var stopAfter: Int?

    init(stopAfter: Int? = nil) {
        self.stopAfter = stopAfter
    }

    /// Every record received.
    var total: Int { ratings.count + shelved.count + rejects.count + blanks.count }
    /// All books, rated or shelved, in no particular order.
    var books: [BookRef] { ratings.map(\.book) + shelved.map(\.book) }

    var isStopped: Bool { stopAfter.map { total >= $0 } ?? false }

    mutating func rating(user: String, book: BookRef, value: Float, line: Int) {
        ratings.append(Rating(user: user, book: book, value: value, line: line))
    }

    mutating func interaction(user: String, book: BookRef, kind: InteractionKind, count: UInt32, line: Int) {
        shelved.append(Shelved(user: user, book: book, line: line, kind: kind, count: count))
    }

    mutating func reject(line: Int, reason: RejectReason, record: String) {
        rejects.append(Reject(line: line, reason: reason, record: record))
    }

    mutating func blank(line: Int) {
        blanks.append(line)
    }

    /// Every string the sink holds, for checking that some text never arrived.
    var allText: String {
        let bookText = books.map { "\($0.isbn13 ?? "") \($0.localID ?? "") \($0.title ?? "") \($0.authors)" }
        return (ratings.map(\.user) + shelved.map(\.user) + bookText + rejects.map(\.record)).joined(separator: "\n")
    }
}
