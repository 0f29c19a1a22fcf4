/// A book's best neighbours kept from rows of candidates: `SparseEntry`s
/// whose `column` is the neighbour and `value` the similarity, ranked by the
/// neighbour's key rank, as the merge of a fit's candidates, the trim of
/// handed pairs and the join of training parts all keep them.
extension TopK {
    /// Offers every neighbour of `row`. A neighbour's key rank is read only
    /// when its similarity could be kept: on a wide catalog that read is a
    /// cache miss, and most candidates are turned away before it.
    @inline(__always)
    mutating func offer(neighbors row: ArraySlice<SparseEntry>, keyRank: [Int32]) {
        for entry in row where mayAccept(score: entry.value) {
            insert(score: entry.value, rank: keyRank[Int(entry.column)], payload: entry.column)
        }
    }

    /// Appends the kept neighbours to `entries`, best first, and empties the
    /// selection for the next book.
    /// - Returns: how many were appended.
    @discardableResult
    mutating func takeBestFirst(into entries: inout [SparseEntry]) -> Int {
        let taken = count
        sortBestFirst()
        for index in 0..<taken {
            let neighbor = entry(at: index)
            entries.append(SparseEntry(column: neighbor.payload, value: neighbor.score))
        }
        removeAll()
        return taken
    }
}
