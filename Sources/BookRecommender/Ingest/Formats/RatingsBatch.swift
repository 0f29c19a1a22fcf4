/// What one `RatingsRowParser.parse` call read, for `IngestSink.take`: rows
/// in the parser's own user and book indices, the users and books it accepted
/// for the first time, and the rejects, each list in file order.
struct RatingsBatch {
    /// A record that cannot be used, with its line as the tokenizer counts it
    /// (from 1 at the start of the bytes it reads).
    struct Reject {
        var line: Int
        var reason: RejectReason
        var record: String
    }

    var ratingUsers: [Int32] = []
    var ratingBooks: [Int32] = []
    var ratingValues: [Float] = []
    var shelfUsers: [Int32] = []
    var shelfBooks: [Int32] = []
    var shelfTags: [InteractionTag] = []
    /// Users the parser accepted for the first time, in the order of their
    /// parser indices (which continue from the previous batch's).
    var newUsers: [String] = []
    /// Books the parser accepted for the first time, in the order of their parser indices.
    var newBooks: [BookRef] = []
    var rejects: [Reject] = []
    /// Rows whose every field is empty.
    var blank = 0
    /// What `ratingValues` look like, filled in when the file's scale is being detected.
    var values = RatingValues()
    /// Damaged keys of an ISBN field the parser noted, when its format notes them.
    var lostZeros: LostZeroKeys?
    /// Records read, whatever became of them.
    var records = 0
    /// Line breaks the tokenizer has passed since it started.
    var linesRead = 0
    /// True when the chunk cannot be read on its own, so one parser must read
    /// on from its start instead: the CSV tokenizer met a quoted field (which
    /// may hold a line break), or an XML piece did not parse as whole elements.
    var mustReadOnAlone = false
    /// True when the tokenizer reached the end of its bytes.
    var isFinished = false
    /// Why reading stopped part-way, when it did; what was read before is kept.
    var error: IngestError?

    /// Empties the batch for reuse, keeping the arrays' storage.
    mutating func clear() {
        ratingUsers.removeAll(keepingCapacity: true)
        ratingBooks.removeAll(keepingCapacity: true)
        ratingValues.removeAll(keepingCapacity: true)
        shelfUsers.removeAll(keepingCapacity: true)
        shelfBooks.removeAll(keepingCapacity: true)
        shelfTags.removeAll(keepingCapacity: true)
        newUsers.removeAll(keepingCapacity: true)
        newBooks.removeAll(keepingCapacity: true)
        rejects.removeAll(keepingCapacity: true)
        blank = 0
        values = RatingValues()
        lostZeros = nil
        records = 0
        linesRead = 0
        mustReadOnAlone = false
        isFinished = false
        error = nil
    }

    /// Adds one record's rating, in the parser's indices.
    @inline(__always)
    mutating func rating(user: Int32, book: Int32, value: Float) {
        ratingUsers.append(user)
        ratingBooks.append(book)
        ratingValues.append(value)
        records += 1
    }

    /// Adds one record's interaction (the reader has the book, without stars), in the parser's indices.
    mutating func interaction(user: Int32, book: Int32, kind: InteractionKind, count: UInt32 = 1) {
        shelfUsers.append(user)
        shelfBooks.append(book)
        shelfTags.append(InteractionTag(kind, count: count))
        records += 1
    }

    mutating func reject(_ record: CSVRecord, _ reason: RejectReason) {
        reject(line: record.line, reason: reason, record: record.rawText)
    }

    mutating func reject(line: Int, reason: RejectReason, record: String) {
        records += 1
        rejects.append(Reject(line: line, reason: reason, record: record))
    }
}
