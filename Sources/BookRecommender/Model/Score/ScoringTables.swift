/// What scoring a reader needs of a fitted model: every book's neighbours,
/// the popularity list, and the key order that breaks ties.
struct ScoringTables: Sendable {
    /// Row per item: its neighbours (column) and similarities (value), best first.
    let neighbors: SparseRows
    let popularity: Popularity
    /// Each item's position in ascending key order.
    let keyRank: [Int32]
    /// The books that are editions of one work, scored as one book; none for
    /// a model fitted without titles (`FittedModel` on its own).
    private(set) var editions = Editions.none

    var itemCount: Int { keyRank.count }

    /// These tables with `editions` scored as one book each.
    func with(_ editions: Editions) -> ScoringTables {
        var tables = self
        tables.editions = editions
        return tables
    }
}

extension ScoringTables {
    /// The picks of `users` of `readers` (in this numbering): `result[i]` is
    /// the list of `users[i]`, the same for any `options.threads`. Workers
    /// check `stop` between blocks of 256 users and leave the rest empty once it
    /// returns true. `options` must be clamped.
    /// - Complexity: O(Σ over the users of ratings · neighbors) on `options.threads` workers.
    func recommend(
        users: [Int], of readers: ReaderRows, options: ModelOptions, stop: @Sendable () -> Bool = { false }
    ) -> [[Recommendation]] {
        var result = [[Recommendation]](repeating: [], count: users.count)
        result.withUnsafeMutableBufferPointer { buffer in
            let out = SendableBuffer(buffer)
            Parallel.forEachWorker(count: users.count, blockSize: 256, threads: options.threads) { _, work in
                var scorer = UserScorer(tables: self, options: options)
                for block in work {
                    guard !stop() else { return }
                    for position in block.range { out[position] = scorer.recommend(user: users[position], in: readers) }
                }
            }
        }
        return result
    }
}
