/// A user or book field as one parser's keys know it: accepted before (its
/// parser index), or new (what the format made of it).
enum RowKey<New> {
    case known(Int32)
    case new(New)
}

extension RowKey<String> {
    /// The book of a book field keyed by its text in `space`: known, or what
    /// `make` makes of the new text; nil when that names no book.
    func book(space: Int = 0, _ make: (String) -> BookRef?) -> RowKey<NewBook>? {
        switch self {
        case .known(let index): .known(index)
        case .new(let text): make(text).map { .new(NewBook(ref: $0, key: text, space: space)) }
        }
    }
}

/// A book the parser has not numbered: the reference the sink resolves, and
/// the key that numbers it (nil for a book a format builds from several
/// fields, which each row names anew).
struct NewBook {
    var ref: BookRef
    /// The field's text, under which the parser numbers the book in `space`.
    var key: String?
    /// Which of the format's book columns named it: the same text in two
    /// columns (a barcode and an item number) is two books.
    var space: Int = 0
}

/// The users and books one `RatingsRowParser` has accepted, numbered from 0
/// in the order it first accepted them (the sink maps those numbers to its
/// own, see `IngestSink.take`).
///
/// A field accepted before is found from its bytes, with no `String` made for
/// a number key (see `KeyInterner`); a `String` is made only for a new one.
struct RowKeys: Sendable {
    /// The users' numbers (read straight on a plain line).
    private(set) var users = KeyInterner()
    /// Per user number: its id, for the text of a reject.
    private var userIDs: [String] = []
    /// The books of the first book space (the only one of most formats, read
    /// straight on a plain line), numbered there.
    private(set) var firstBooks = KeyInterner()
    /// With other spaces: the parser number of each of `firstBooks`' numbers
    /// (with none, they are the parser numbers).
    private var firstBookNumbers: [Int32] = []
    /// The other book spaces, from space 1, and their numbers' parser numbers.
    private var otherBooks: [KeyInterner]
    private var otherBookNumbers: [[Int32]]
    private var bookCount: Int32 = 0

    /// - Parameter bookSpaces: how many book columns the format keys books by.
    init(bookSpaces: Int) {
        otherBooks = Array(repeating: KeyInterner(), count: max(bookSpaces - 1, 0))
        otherBookNumbers = Array(repeating: [], count: max(bookSpaces - 1, 0))
    }

    /// The user whose (trimmed) field is `bytes`: known, or its text; nil
    /// when `decoding` cannot read it.
    func user(_ bytes: UnsafeBufferPointer<UInt8>, _ decoding: TextDecoding) -> RowKey<String>? {
        if let index = users.index(ofKnown: bytes) { return .known(index) }
        return decoding.decode(bytes).map { .new($0) }
    }

    /// The user `id` (a per-person export's member): known, or new.
    func user(id: String) -> RowKey<String> {
        users.index(ofKnownText: id).map { .known($0) } ?? .new(id)
    }

    /// The book whose (trimmed) field in `space` is `bytes`: known, or its
    /// text; nil when `decoding` cannot read it.
    func book(_ bytes: UnsafeBufferPointer<UInt8>, space: Int = 0, _ decoding: TextDecoding) -> RowKey<String>? {
        let known =
            space == 0
            ? firstBooks.index(ofKnown: bytes).map { number(ofFirstSpace: $0) }
            : otherBooks[space - 1].index(ofKnown: bytes).map { otherBookNumbers[space - 1][Int($0)] }
        if let known { return .known(known) }
        return decoding.decode(bytes).map { .new($0) }
    }

    /// The parser number of the book `firstBooks` numbers `local`.
    @inline(__always)
    func number(ofFirstSpace local: Int32) -> Int32 {
        otherBooks.isEmpty ? local : firstBookNumbers[Int(local)]
    }

    /// The id of `user`.
    func id(of user: RowKey<String>) -> String {
        switch user {
        case .known(let index): userIDs[Int(index)]
        case .new(let id): id
        }
    }

    /// The number of `user`, numbering a new one (and telling `sink`).
    mutating func number(_ user: RowKey<String>, into sink: inout some RowSink) -> Int32 {
        switch user {
        case .known(let index):
            return index
        case .new(let id):
            let (index, isNew) = users.index(of: id)
            if isNew {
                userIDs.append(id)
                sink.newUser(id)
            }
            return index
        }
    }

    /// The number of `book`, numbering a new one (and telling `sink`).
    mutating func number(_ book: RowKey<NewBook>, into sink: inout some RowSink) -> Int32 {
        switch book {
        case .known(let index):
            return index
        case .new(let new):
            guard let key = new.key else { return numberNew(new.ref, into: &sink) }
            if new.space == 0 {
                let (local, isNew) = firstBooks.index(of: key)
                guard isNew else { return number(ofFirstSpace: local) }
                let number = numberNew(new.ref, into: &sink)
                if otherBooks.isEmpty {
                    // One space, keyed books only: its numbers are the parser's.
                    precondition(local == number, "a format keys books and builds them too")
                } else {
                    firstBookNumbers.append(number)
                }
                return number
            }
            let (local, isNew) = otherBooks[new.space - 1].index(of: key)
            if isNew { otherBookNumbers[new.space - 1].append(numberNew(new.ref, into: &sink)) }
            return otherBookNumbers[new.space - 1][Int(local)]
        }
    }

    private mutating func numberNew(_ ref: BookRef, into sink: inout some RowSink) -> Int32 {
        sink.newBook(ref)
        bookCount += 1
        return bookCount - 1
    }
}
