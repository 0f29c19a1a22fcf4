/// What readers have as sparse matrices, built once from `RatingData`: by
/// user (for scoring), by item (for similarity), and each user's books that
/// are only kept out of their picks.
///
/// When a user rated a book more than once, the later input entry wins.
struct RatingMatrix: Sendable {
    let userCount: Int
    let itemCount: Int
    /// Row per user: their books ascending, with the strength (see `ReaderRows.byUser`).
    let byUser: SparseRows
    /// Per entry of `byUser`: 0 for a star rating, else the interaction's kind (empty: all ratings).
    let kinds: [UInt8]
    /// Row per item: its readers ascending, with the strength.
    let byItem: SparseRows
    /// Row per user: books only kept out of their picks; no values.
    let shelves: SparseRows
    /// Ratings replaced by a later rating of the same book by the same user.
    let duplicatesReplaced: Int
    /// Each item's position in ascending key order: the tie-breaker everywhere.
    let keyRank: [Int32]
    /// The inverse of `keyRank`.
    let itemAtRank: [Int32]

    /// Ratings and interactions kept after duplicates were resolved.
    var ratingsKept: Int { byUser.entryCount }

    /// The readers' rows, as scoring reads them.
    var readers: ReaderRows {
        ReaderRows(byUser: byUser, kinds: kinds, shelves: shelves, duplicatesReplaced: duplicatesReplaced)
    }

    /// Builds the matrices, interactions at the strengths of `weights`, sorting
    /// rows on `threads` workers. `data` must be
    /// well formed (ingest guarantees it): parallel arrays of equal length,
    /// user and item indices in range; anything else is a bug and stops the
    /// process.
    /// - Complexity: O(n log(longest row) + users + items log items) for n ratings and shelf entries.
    init(_ data: RatingData, weights: InteractionWeights = InteractionWeights(), threads: Int = 1) {
        precondition(
            data.ratingUser.count == data.ratingCount && data.ratingItem.count == data.ratingCount
                && data.shelfUser.count == data.shelfItem.count && data.shelfTag.count == data.shelfUser.count,
            "RatingData: parallel arrays differ in length")
        precondition(data.ratingCount < Int(Int32.max), "RatingData: more ratings than 32-bit offsets hold")
        Self.checkRange(data.ratingUser, below: data.userCount, "rating user")
        Self.checkRange(data.ratingItem, below: data.itemCount, "rating item")
        Self.checkRange(data.shelfUser, below: data.userCount, "shelf user")
        Self.checkRange(data.shelfItem, below: data.itemCount, "shelf item")
        self.init(
            readers: ReaderRows(data, weights: weights, threads: threads),
            itemAtRank: BookTable.order(of: data.itemKeys), threads: threads)
    }

    /// The matrices of readers' rows already built (by `init(_:weights:threads:)`,
    /// or a prepared input's, `PreparedInput`), over books whose ascending key
    /// order is `itemAtRank`: only the rows by item are built, on `threads` workers.
    /// - Complexity: O(entries + items).
    init(readers: ReaderRows, itemAtRank: [Int32], threads: Int) {
        userCount = readers.userCount
        itemCount = itemAtRank.count
        byUser = readers.byUser
        kinds = readers.kinds
        shelves = readers.shelves
        duplicatesReplaced = readers.duplicatesReplaced
        byItem = byUser.transposed(columnCount: itemCount, threads: threads)
        self.itemAtRank = itemAtRank
        keyRank = BookTable.ranks(of: itemAtRank)
    }

    private static func checkRange(_ indices: [Int32], below limit: Int, _ what: String) {
        for index in indices {
            precondition(index >= 0 && Int(index) < limit, "RatingData: \(what) index \(index) out of range")
        }
    }
}
