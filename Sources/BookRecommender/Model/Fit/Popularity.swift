/// The fallback list: every rated book, best first by damped mean rating
/// `(Σr + m·C) / (n + m)` (global mean `C`, damping `m`), ties by more
/// ratings, then by item key; with a popularity prior
/// (`ModelOptions.popularityWeight` above 0), by readers with the prior as
/// score (`PopularityPrior`).
///
/// Books nobody rated (only shelved) have no evidence and are left out.
/// `ModelOptions.exclude` and `only` are applied when the list is read, so a
/// saved model serves runs with other book lists.
struct Popularity: Sendable {
    let items: [Int32]
    let scores: [Float]

    init(items: [Int32], scores: [Float]) {
        self.items = items
        self.scores = scores
    }

    init(matrix: RatingMatrix, options: ModelOptions) {
        if options.popularityWeight > 0 {
            self = PopularityPrior.popularity(of: matrix)
            return
        }
        let byItem = matrix.byItem
        var total: Double = 0
        for entry in byItem.entries { total += Double(entry.value) }
        let globalMean = byItem.entryCount > 0 ? total / Double(byItem.entryCount) : 0
        let damping = Double(max(0, options.popularityDamping))
        var means = [Float](repeating: 0, count: matrix.itemCount)
        var candidates: [Int32] = []
        for item in 0..<matrix.itemCount {
            let range = byItem.range(of: item)
            guard !range.isEmpty else { continue }
            var sum: Double = 0
            for entry in byItem.entries[range] { sum += Double(entry.value) }
            means[item] = Float((sum + damping * globalMean) / (Double(range.count) + damping))
            candidates.append(Int32(item))
        }
        let keyRank = matrix.keyRank
        items = candidates.sorted { a, b in
            let (ia, ib) = (Int(a), Int(b))
            if means[ia] != means[ib] { return means[ia] > means[ib] }
            let (na, nb) = (byItem.range(of: ia).count, byItem.range(of: ib).count)
            if na != nb { return na > nb }
            return keyRank[ia] < keyRank[ib]
        }
        scores = items.map { means[Int($0)] }
    }

    /// Each item's score by item index (0 for an item not on the list).
    func scoreByItem(count: Int) -> [Float] {
        var byItem = [Float](repeating: 0, count: count)
        for (item, score) in zip(items, scores) { byItem[Int(item)] = score }
        return byItem
    }
}
