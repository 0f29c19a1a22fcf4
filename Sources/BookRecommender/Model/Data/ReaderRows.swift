/// Readers' books as sparse rows, by item index ascending: every book a
/// reader has with its strength (a rated book its stars, a book read, borrowed
/// or shelved without stars its kind's weight; see `InteractionWeights`), and
/// the books that are only kept out of their picks.
///
/// A fitted model keeps its own readers' rows; a run that scores with a
/// loaded model builds them from its ratings and moves them into the model's
/// item numbering with `translated(through:itemCount:)`.
struct ReaderRows: Sendable {
    /// Row per reader: every book they have that the filter learns from, with its strength.
    let byUser: SparseRows
    /// Per entry of `byUser`: 0 for a star rating, else the `InteractionKind`'s
    /// raw value. Empty when every entry is a star rating.
    let kinds: [UInt8]
    /// Row per reader: books never recommended to them that the filter does not
    /// learn from (another edition of a work they have, a kind weighted 0, and
    /// every shelved book of a model file from before interactions were learned
    /// from); values are 0.
    let shelves: SparseRows
    /// Ratings replaced by a later rating of the same book by the same reader.
    let duplicatesReplaced: Int

    var userCount: Int { byUser.rowCount }

    init(byUser: SparseRows, kinds: [UInt8] = [], shelves: SparseRows, duplicatesReplaced: Int = 0) {
        precondition(kinds.isEmpty || kinds.count == byUser.entryCount, "ReaderRows: one kind per entry")
        self.byUser = byUser
        self.kinds = kinds
        self.shelves = shelves
        self.duplicatesReplaced = duplicatesReplaced
    }

    /// Groups `data`'s ratings and interactions by reader on `threads` workers,
    /// each interaction at the strength `weights` gives it. A book both rated
    /// and shelved counts as rated. `data` must be well formed (see `RatingMatrix.init`).
    /// - Complexity: O(n log(longest row)) for n ratings, plus O(m log m) for m interactions.
    init(_ data: RatingData, weights: InteractionWeights, threads: Int) {
        let grouped = SparseRows.grouping(
            rows: data.ratingUser, columns: data.ratingItem, values: data.ratingValue,
            rowCount: data.userCount, columnCount: data.itemCount, threads: threads)
        duplicatesReplaced = grouped.replaced
        guard !data.shelfUser.isEmpty else {
            byUser = grouped.matrix
            kinds = []
            shelves = SparseRows(emptyRows: data.userCount)
            return
        }
        let interactions = InteractionRows(data, weights: weights)
        (byUser, kinds, shelves) = interactions.merged(with: grouped.matrix)
    }

    /// Star ratings over all readers, after duplicates were resolved.
    var ratingCount: Int { kinds.isEmpty ? byUser.entryCount : kinds.count { $0 == 0 } }

    /// `user`'s star ratings after duplicates were resolved, as (item, rating).
    func ratings(of user: Int) -> [(item: Int32, rating: Float)] {
        let range = byUser.range(of: user)
        if kinds.isEmpty { return byUser.entries[range].map { ($0.column, $0.value) } }
        return range.compactMap { kinds[$0] == 0 ? (byUser.entries[$0].column, byUser.entries[$0].value) : nil }
    }

    /// How many books `user` has without stars that the filter learns from, by kind.
    func interactionCounts(of user: Int) -> InteractionCounts {
        var counts = InteractionCounts()
        guard !kinds.isEmpty else { return counts }
        for entry in byUser.range(of: user) {
            if let kind = InteractionKind(rawValue: kinds[entry]) { counts[kind] += 1 }
        }
        return counts
    }

    /// What reader `user` did with the book of `byUser` entry `entry`: nil for a star rating.
    @inline(__always)
    func kind(ofEntry entry: Int) -> InteractionKind? {
        kinds.isEmpty ? nil : InteractionKind(rawValue: kinds[entry])
    }

    /// Every book `user` has without stars: interactions and books only kept out of their picks.
    func unrated(of user: Int) -> [Int32] {
        let range = byUser.range(of: user)
        let learned = kinds.isEmpty ? [] : range.filter { kinds[$0] != 0 }.map { byUser.entries[$0].column }
        return (learned + shelves.entries[shelves.range(of: user)].map(\.column)).sorted()
    }

    /// The same readers in another item numbering: item `i` becomes
    /// `newIndex[i]`, and items mapped to -1 (books the other numbering does
    /// not have) are dropped. Rows stay sorted by the new index, so scoring
    /// sees a reader exactly as it would had the model been fitted on them.
    /// `newIndex` must be injective on its non-negative values, each below `itemCount`.
    /// - Complexity: O(n) when the mapping keeps the order, else O(n log(longest row)).
    func translated(through newIndex: [Int32], itemCount: Int) -> ReaderRows {
        let rows = byUser.translated(through: newIndex, columnCount: itemCount)
        // The kinds move with their entries: translate them as the values of the same pattern.
        let movedKinds =
            kinds.isEmpty
            ? []
            : SparseRows(
                offsets: byUser.offsets,
                entries: zip(byUser.entries, kinds).map { SparseEntry(column: $0.column, value: Float($1)) }
            ).translated(through: newIndex, columnCount: itemCount).entries.map { UInt8($0.value) }
        return ReaderRows(
            byUser: rows, kinds: movedKinds, shelves: shelves.translated(through: newIndex, columnCount: itemCount),
            duplicatesReplaced: duplicatesReplaced)
    }
}

extension SparseRows {
    /// These rows with column `c` renamed `newColumn[c]`, columns renamed -1
    /// dropped, each row sorted by its new columns.
    func translated(through newColumn: [Int32], columnCount: Int) -> SparseRows {
        var offsets = [Int32](repeating: 0, count: rowCount + 1)
        var kept: [SparseEntry] = []
        kept.reserveCapacity(entryCount)
        for row in 0..<rowCount {
            let start = kept.count
            var sorted = true
            for entry in entries[range(of: row)] {
                let column = newColumn[Int(entry.column)]
                guard column >= 0 else { continue }
                precondition(Int(column) < columnCount, "translated: column \(column) out of range")
                if kept.count > start, kept[kept.count - 1].column >= column { sorted = false }
                kept.append(SparseEntry(column: column, value: entry.value))
            }
            if !sorted { kept[start...].sort { $0.column < $1.column } }
            offsets[row + 1] = Int32(kept.count)
        }
        return SparseRows(offsets: offsets, entries: kept)
    }
}
