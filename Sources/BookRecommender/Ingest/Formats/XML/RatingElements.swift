/// Turns the `rating` elements of ratings XML into batch rows, with the same
/// decisions as `RatingsXMLFormat.read(_:into:)`.
///
/// A rating whose user and book (a `book` id alone) were accepted before and
/// whose value is a small whole number on the scale (or a 0 that shelves the
/// book) costs two array lookups (dictionary lookups for keys that are not
/// small numbers) and no `String`. Any other element takes
/// `RatingsXMLFormat.parse`, on the attributes as `XMLStream` gives them.
struct RatingElements {
    /// The `value` rule: the file's scale, or none while it is being detected
    /// (values then stay as they are; see `RatingField`).
    let rating: RatingField
    /// The batch being filled.
    var batch = RatingsBatch()
    private var users = KeyInterner()
    /// Books by their `book` id when that alone names them, else by all
    /// their fields (see `key(of:)`).
    private var books = KeyInterner()

    init(scale: RatingScale?) {
        rating = RatingsXMLFormat.ratingField(scale: scale)
    }

    /// What `plainRow` found.
    private enum Plain {
        case rating(user: Int32, book: Int32, value: Float)
        case withoutStars(user: Int32, book: Int32)
    }

    /// Adds a `rating` child of the root to the batch; ignores every other
    /// element. Returns true (go on).
    mutating func add(_ tag: XMLStartTag) -> Bool {
        guard tag.depth == 1, tag.isNamed("rating") else { return true }
        switch plainRow(tag) {
        case .rating(let user, let book, let value)?: batch.rating(user: user, book: book, value: value)
        case .withoutStars(let user, let book)?: batch.interaction(user: user, book: book, kind: .unrated)
        case nil: addByText(tag)
        }
        return true
    }

    /// Sums up the batch's values for scale detection, on the parser's
    /// thread while they are in cache (the sink only merges the sums); to be
    /// called once the batch is full, before it is handed on.
    mutating func noteValues() {
        if rating.scale == nil { batch.values.add(contentsOf: batch.ratingValues) }
    }

    /// The parser indices of a known user and a known book named by `book`
    /// alone, with a value of one to three digits: a rating on the scale, or a
    /// 0 that shelves the book; nil for anything else.
    @inline(__always)
    private func plainRow(_ tag: XMLStartTag) -> Plain? {
        var user: UnsafeBufferPointer<UInt8>?
        var book: UnsafeBufferPointer<UInt8>?
        var value: UnsafeBufferPointer<UInt8>?
        for index in 0..<tag.attributeCount where !tag.attributeHasPrefix(index) {
            let name = tag.attributeName(index)
            switch name[0] {
            case UInt8(ascii: "u") where XMLStartTag.equal(name, "user"): user = tag.rawValue(index)
            case UInt8(ascii: "b") where XMLStartTag.equal(name, "book"): book = tag.rawValue(index)
            case UInt8(ascii: "v") where XMLStartTag.equal(name, "value"): value = tag.rawValue(index)
            case UInt8(ascii: "i") where XMLStartTag.equal(name, "isbn"),
                UInt8(ascii: "t") where XMLStartTag.equal(name, "title"),
                UInt8(ascii: "a") where XMLStartTag.equal(name, "author"):
                return nil
            default: continue
            }
        }
        guard let user, let book, let value, Self.isPlainKey(user), Self.isPlainKey(book),
            let userIndex = users.index(ofKnown: user), let bookIndex = books.index(ofKnown: book),
            let number = Self.smallNumber(value)
        else { return nil }
        if number == 0, rating.unrated.contains(.zero) { return .withoutStars(user: userIndex, book: bookIndex) }
        guard let onScale = rating.plainRating(raw: number) else { return nil }
        return .rating(user: userIndex, book: bookIndex, value: onScale)
    }

    /// Adds the element as `RatingsXMLFormat.read(_:into:)` would: a rating
    /// or an interaction, numbering a user or book new to this parser, or a
    /// reject.
    private mutating func addByText(_ tag: XMLStartTag) {
        let attributes = tag.textAttributes()
        switch RatingsXMLFormat.parse(attributes, rating: rating) {
        case .reject(let reason):
            batch.reject(
                line: tag.line, reason: reason, record: XMLMarkup.emptyElement("rating", attributes: attributes))
        case .rating(let user, let book, let value):
            let (userIndex, bookIndex) = number(user, book)
            batch.rating(user: userIndex, book: bookIndex, value: value)
        case .withoutStars(let user, let book):
            let (userIndex, bookIndex) = number(user, book)
            batch.interaction(user: userIndex, book: bookIndex, kind: .unrated)
        }
    }

    /// The parser indices of an accepted user and book, numbering new ones.
    private mutating func number(_ user: String, _ book: BookRef) -> (Int32, Int32) {
        let (userIndex, newUser) = users.index(of: user)
        if newUser { batch.newUsers.append(user) }
        let (bookIndex, newBook) = books.index(of: Self.key(of: book))
        if newBook { batch.newBooks.append(book) }
        return (userIndex, bookIndex)
    }

    /// The key `books` numbers `book` by: its id when the `book` attribute
    /// alone names it (the key `plainRating` looks up), else every field,
    /// joined by NUL (which XML text cannot hold), so that two keys are equal
    /// only for equal books.
    private static func key(of book: BookRef) -> String {
        if book.isbn13 == nil, book.title == nil, book.authors.isEmpty, let id = book.localID { return id }
        return "\0"
            + [book.isbn13 ?? "", book.localID ?? "", book.title ?? "", book.authors.joined(separator: "\0")]
            .joined(separator: "\0")
    }

    /// True when `bytes` are a key `RatingsXMLFormat` would keep as they are:
    /// not empty, starting and ending with a printable ASCII byte (so there
    /// are no blanks to trim) and free of `&` (see `XMLStartTag.text(ofValue:)`).
    @inline(__always)
    private static func isPlainKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last, (0x21...0x7E).contains(first),
            (0x21...0x7E).contains(last)
        else { return false }
        return !bytes.contains(UInt8(ascii: "&"))
    }

    /// The value of one to three ASCII digits, exactly as `CSVNumber.float`
    /// reads them; nil for anything else.
    @inline(__always)
    private static func smallNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Float? {
        guard (1...3).contains(bytes.count) else { return nil }
        var value = 0
        for byte in bytes {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return Float(value)
    }
}
