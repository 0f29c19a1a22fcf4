/// The sink every reader writes into: interns users and items, resolves books
/// against the catalog, fills `RatingData`, and keeps the accounting.
struct IngestSink: RecordSink {
    private(set) var data = RatingData()
    private(set) var items: [ItemInfo] = []
    /// Counts of the file being read; `Ingestor` moves them to the file's report.
    var counts = RecordCounts()
    /// The first bad record, when the policy is `fail`.
    private(set) var failure: (line: Int, reason: RejectReason)?
    /// The file being read, for reject rows.
    var path = ""
    /// What the file being read showed of damaged keys, when its reader notes them.
    var lostZeros: LostZeroKeys?

    /// The run's `--catalog`; parsers resolve books against it too.
    let catalog: Catalog
    private let policy: BadRecordPolicy
    private let rejects: RejectLog
    private var userIndex = KeyInterner()
    private var itemIndex = KeyInterner()
    /// The last user interned: files usually list one user's ratings together.
    private var lastUser: (id: String, index: Int32)?
    /// While the scale of the file being read is detected: its ratings so far
    /// (see `IngestSink+Scale.swift`).
    var detection: ScaleDetection?
    /// The readers of the file being read, kept rows or not.
    var readers = FileReaders()
    /// The shard whose readers' rows alone are kept (`Ingestor.shard`); nil keeps all.
    private let shard: Shard?
    /// With a shard, per user index: whether the reader is one of it.
    private var keeps: [Bool] = []

    init(catalog: Catalog, policy: BadRecordPolicy, rejects: RejectLog, shard: Shard? = nil) {
        self.catalog = catalog
        self.policy = policy
        self.rejects = rejects
        self.shard = shard
    }

    var isStopped: Bool { failure != nil }

    mutating func rating(user: String, book: BookRef, value: Float, line: Int) {
        guard let (userID, itemID) = intern(user: user, book: book, line: line) else { return }
        detection?.values.add(value)
        counts.read += 1
        counts.used += 1
        readers.rating(by: userID)
        guard keeps(userID) else { return }
        data.ratingUser.append(userID)
        data.ratingItem.append(itemID)
        data.ratingValue.append(value)
    }

    mutating func interaction(user: String, book: BookRef, kind: InteractionKind, count: UInt32, line: Int) {
        guard let (userID, itemID) = intern(user: user, book: book, line: line) else { return }
        counts.read += 1
        counts.add(kind)
        readers.interaction(by: userID)
        guard keeps(userID) else { return }
        data.shelfUser.append(userID)
        data.shelfItem.append(itemID)
        data.shelfTag.append(InteractionTag(kind, count: count))
    }

    mutating func blank(line: Int) {
        counts.read += 1
        counts.blank += 1
    }

    mutating func reject(line: Int, reason: RejectReason, record: String) {
        if case .ratingAboveDetection(let raw) = reason, detection != nil {
            detection?.values.addBeyondLimit()
            if detection?.beyond == nil { detection?.beyond = (line, raw) }
        }
        counts.read += 1
        counts.rejected += 1
        rejects.add(RejectLog.Entry(file: path, line: line, reason: reason, record: record))
        if policy == .fail, failure == nil { failure = (line, reason) }
    }

    /// The indices of `user` and `book`, adding them when new; nil (after a
    /// reject) when the record does not count (see `Catalog.resolve`).
    private mutating func intern(user: String, book: BookRef, line: Int) -> (Int32, Int32)? {
        switch catalog.resolve(user: user, book: book) {
        case .refused(let reason):
            reject(line: line, reason: reason, record: Self.describe(user: user, book: book))
            return nil
        case .item(let key, let entry):
            return (internUser(user), internItem(book, key: key, entry: entry))
        }
    }

    /// The index of `user`, adding it when new.
    private mutating func internUser(_ user: String) -> Int32 {
        if let lastUser, lastUser.id == user { return lastUser.index }
        let (index, isNew) = userIndex.index(of: user)
        if isNew {
            data.userIDs.append(user)
            if let shard { keeps.append(shard.contains(user: user)) }
        }
        lastUser = (user, index)
        return index
    }

    /// Whether the rows of reader `user` are kept.
    @inline(__always)
    private func keeps(_ user: Int32) -> Bool {
        shard == nil || keeps[Int(user)]
    }

    /// The item index of `book`, counted as the item `key` of the catalog's
    /// `entry` (see `Catalog.itemKey(for:)`), adding it when new. A book named
    /// again may bring the title the item lacked.
    private mutating func internItem(_ book: BookRef, key: String, entry: Catalog.Entry?) -> Int32 {
        let (itemID, isNew) = itemIndex.index(of: key)
        guard isNew else {
            if items[Int(itemID)].title == nil, let title = book.title, !title.isEmpty {
                items[Int(itemID)].title = title
                items[Int(itemID)].authors = book.authors
            }
            return itemID
        }
        data.itemKeys.append(key)
        items.append(
            ItemInfo(
                isbn13: book.isbn13 ?? entry?.isbn13, title: entry?.title ?? book.title,
                authors: entry.map(\.authors) ?? book.authors, imageURL: entry?.imageURL))
        return itemID
    }

    /// Makes room for the ratings and interactions still to come in a file
    /// of `size` bytes whose first `bytes` held `batch`, supposing the rest is
    /// like them, so that the arrays grow once rather than doubling as they fill.
    mutating func reserve(after batch: RatingsBatch, in bytes: Int, of size: Int) {
        guard bytes > 0, size > bytes else { return }
        let scale = Double(size - bytes) / Double(bytes) * 1.02
        if !batch.ratingValues.isEmpty {
            let total = data.ratingValue.count + Int(Double(batch.ratingValues.count) * scale)
            data.ratingUser.reserveCapacity(total)
            data.ratingItem.reserveCapacity(total)
            data.ratingValue.reserveCapacity(total)
        }
        if !batch.shelfTags.isEmpty {
            let total = data.shelfUser.count + Int(Double(batch.shelfTags.count) * scale)
            data.shelfUser.reserveCapacity(total)
            data.shelfItem.reserveCapacity(total)
            data.shelfTag.reserveCapacity(total)
        }
    }

    /// Adds a batch a parser read, as if each record had come through
    /// `rating`, `interaction` or `reject`: the batch's new users and books get
    /// indices in the order it first accepted them (noted in `indices`, the
    /// parser's), its rows are appended, and its rejects logged with `lineBase`
    /// added to their lines. With the `fail` policy, rejects after the first are not logged.
    /// - Complexity: O(batch size).
    mutating func take(_ batch: RatingsBatch, indices: inout RatingsRowParser.Indices, lineBase: Int) {
        for user in batch.newUsers { indices.users.append(internUser(user)) }
        for book in batch.newBooks {
            // A parser sends only books the catalog does not refuse, which have an item key.
            guard let (key, entry) = catalog.itemKey(for: book) else { preconditionFailure("a book without a key") }
            indices.items.append(internItem(book, key: key, entry: entry))
        }
        detection?.values.merge(batch.values)
        if let keys = batch.lostZeros { lostZeros = lostZeros.map { $0.merging(keys) } ?? keys }
        let users = indices.users
        let items = indices.items
        for user in batch.ratingUsers { readers.rating(by: users[Int(user)]) }
        for user in batch.shelfUsers { readers.interaction(by: users[Int(user)]) }
        if shard == nil {
            data.ratingUser.append(contentsOf: batch.ratingUsers.lazy.map { users[Int($0)] })
            data.ratingItem.append(contentsOf: batch.ratingBooks.lazy.map { items[Int($0)] })
            data.ratingValue.append(contentsOf: batch.ratingValues)
            data.shelfUser.append(contentsOf: batch.shelfUsers.lazy.map { users[Int($0)] })
            data.shelfItem.append(contentsOf: batch.shelfBooks.lazy.map { items[Int($0)] })
            data.shelfTag.append(contentsOf: batch.shelfTags)
        } else {
            for row in batch.ratingUsers.indices where keeps(users[Int(batch.ratingUsers[row])]) {
                data.ratingUser.append(users[Int(batch.ratingUsers[row])])
                data.ratingItem.append(items[Int(batch.ratingBooks[row])])
                data.ratingValue.append(batch.ratingValues[row])
            }
            for row in batch.shelfUsers.indices where keeps(users[Int(batch.shelfUsers[row])]) {
                data.shelfUser.append(users[Int(batch.shelfUsers[row])])
                data.shelfItem.append(items[Int(batch.shelfBooks[row])])
                data.shelfTag.append(batch.shelfTags[row])
            }
        }
        counts.read += batch.ratingValues.count + batch.shelfUsers.count + batch.blank
        counts.used += batch.ratingValues.count
        for tag in batch.shelfTags { if let kind = tag.kind { counts.add(kind) } }
        counts.blank += batch.blank
        for entry in batch.rejects where !isStopped {
            reject(line: lineBase + entry.line, reason: entry.reason, record: entry.record)
        }
    }

    /// Everything read since `checkpoint` forgotten: ratings, interactions,
    /// new users and books, and reject rows (see `IngestSink+Scale.swift`).
    mutating func rollback(to checkpoint: Checkpoint) {
        data.ratingUser.removeSubrange(checkpoint.ratings...)
        data.ratingItem.removeSubrange(checkpoint.ratings...)
        data.ratingValue.removeSubrange(checkpoint.ratings...)
        data.shelfUser.removeSubrange(checkpoint.shelves...)
        data.shelfItem.removeSubrange(checkpoint.shelves...)
        data.shelfTag.removeSubrange(checkpoint.shelves...)
        readers.rollback(to: checkpoint.readers)
        userIndex.forget(data.userIDs[checkpoint.users...], downTo: checkpoint.users)
        data.userIDs.removeSubrange(checkpoint.users...)
        if shard != nil { keeps.removeSubrange(checkpoint.users...) }
        itemIndex.forget(data.itemKeys[checkpoint.items...], downTo: checkpoint.items)
        data.itemKeys.removeSubrange(checkpoint.items...)
        items.removeSubrange(checkpoint.items...)
        lastUser = nil
        rejects.rollback(to: checkpoint.rejects)
        counts = checkpoint.counts
        detection = nil
        lostZeros = nil
    }

    /// Where the sink is now, to `rollback(to:)`.
    func checkpoint() -> Checkpoint {
        Checkpoint(
            ratings: data.ratingValue.count, shelves: data.shelfUser.count, users: data.userIDs.count,
            items: data.itemKeys.count, rejects: rejects.mark(), counts: counts, readers: readers.mark)
    }

    /// Normalises ratings `range` with `scale` (the values were kept raw while it was detected).
    mutating func normalizeRatings(_ range: Range<Int>, with scale: RatingScale) {
        for index in range {
            // Every value is on the scale: detection chose it to hold them all.
            data.ratingValue[index] = scale.normalize(data.ratingValue[index]) ?? data.ratingValue[index]
        }
    }

    /// A refused record as `rejects.csv` shows it: user, book id, title.
    static func describe(user: String, book: BookRef) -> String {
        CSVField.line([user, book.isbn13 ?? book.localID ?? "", book.title ?? ""]).dropLast().description
    }
}
