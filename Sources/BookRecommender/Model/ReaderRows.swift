/// Readers' books as sparse rows: each reader's ratings (later rating of a
/// book wins) and shelved books, by item index ascending.
///
/// A fitted model keeps its own readers' rows; a run that scores with a
/// loaded model builds them from its ratings and moves them into the model's
/// item numbering with `translated(through:itemCount:)`.
struct ReaderRows: Sendable {
    /// Row per reader: rated items ascending, with the rating.
    let byUser: SparseRows
    /// Row per reader: shelved (unrated) items ascending; values are 0.
    let shelves: SparseRows
    /// Ratings replaced by a later rating of the same book by the same reader.
    let duplicatesReplaced: Int

    var userCount: Int { byUser.rowCount }

    init(byUser: SparseRows, shelves: SparseRows, duplicatesReplaced: Int = 0) {
        self.byUser = byUser
        self.shelves = shelves
        self.duplicatesReplaced = duplicatesReplaced
    }

    /// Groups `data`'s ratings and shelf entries by reader on `threads` workers.
    /// `data` must be well formed (see `RatingMatrix.init`).
    /// - Complexity: O(n log(longest row)) for n ratings and shelf entries.
    init(_ data: RatingData, threads: Int) {
        let grouped = SparseRows.grouping(
            rows: data.ratingUser, columns: data.ratingItem, values: data.ratingValue,
            rowCount: data.userCount, columnCount: data.itemCount, threads: threads)
        byUser = grouped.matrix
        duplicatesReplaced = grouped.replaced
        shelves =
            SparseRows.grouping(
                rows: data.shelfUser, columns: data.shelfItem, values: nil,
                rowCount: data.userCount, columnCount: data.itemCount, threads: threads
            ).matrix
    }

    /// `user`'s ratings after duplicates were resolved, as (item, rating).
    func ratings(of user: Int) -> [(item: Int32, rating: Float)] {
        byUser.entries[byUser.range(of: user)].map { ($0.column, $0.value) }
    }

    /// The same readers in another item numbering: item `i` becomes
    /// `newIndex[i]`, and items mapped to -1 (books the other numbering does
    /// not have) are dropped. Rows stay sorted by the new index, so scoring
    /// sees a reader exactly as it would had the model been fitted on them.
    /// `newIndex` must be injective on its non-negative values, each below `itemCount`.
    /// - Complexity: O(n) when the mapping keeps the order, else O(n log(longest row)).
    func translated(through newIndex: [Int32], itemCount: Int) -> ReaderRows {
        ReaderRows(
            byUser: byUser.translated(through: newIndex, columnCount: itemCount),
            shelves: shelves.translated(through: newIndex, columnCount: itemCount),
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
