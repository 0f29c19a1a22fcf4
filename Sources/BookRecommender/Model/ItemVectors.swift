import Foundation

/// The values similarity is computed from, aligned with `RatingMatrix.byItem`
/// and `.byUser`, and each item's norm.
struct ItemVectors: Sendable {
    let itemEntries: [SparseEntry]
    let userEntries: [SparseEntry]
    /// Cosine, Pearson and TF-IDF: the Euclidean norm of the item's vector.
    /// Jaccard: its rater count. BM25: 1, so the similarity is the plain dot product.
    let norms: [Float]

    /// BM25's rating saturation `k1` (`implicit`'s default).
    static let bm25K1 = 1.2
    /// BM25's length normalisation `b` (`implicit`'s default).
    static let bm25B = 0.75

    init(matrix: RatingMatrix, similarity: Similarity) {
        let byItem = matrix.byItem
        switch similarity {
        case .cosine, .jaccard:
            itemEntries = byItem.entries
            userEntries = matrix.byUser.entries
        case .pearson:
            var means = [Float](repeating: 0, count: matrix.itemCount)
            var centred = byItem.entries
            for item in 0..<matrix.itemCount {
                let range = byItem.range(of: item)
                guard !range.isEmpty else { continue }
                var sum: Float = 0
                for entry in range { sum += centred[entry].value }
                means[item] = sum / Float(range.count)
                for entry in range { centred[entry].value -= means[item] }
            }
            itemEntries = centred
            userEntries = matrix.byUser.entries.map {
                SparseEntry(column: $0.column, value: $0.value - means[Int($0.column)])
            }
        case .bm25, .tfidf:
            let weight = Self.weighting(matrix: matrix, bm25: similarity == .bm25)
            var weighted = byItem.entries
            for item in 0..<matrix.itemCount {
                for entry in byItem.range(of: item) {
                    weighted[entry].value = weight(weighted[entry].value, Int(weighted[entry].column), item)
                }
            }
            var byUser = matrix.byUser.entries
            for user in 0..<matrix.userCount {
                for entry in matrix.byUser.range(of: user) {
                    byUser[entry].value = weight(byUser[entry].value, user, Int(byUser[entry].column))
                }
            }
            itemEntries = weighted
            userEntries = byUser
        }
        var norms = [Float](repeating: 1, count: matrix.itemCount)
        for item in 0..<matrix.itemCount where similarity != .bm25 {
            let range = byItem.range(of: item)
            if similarity == .jaccard {
                norms[item] = Float(range.count)
            } else {
                var sum: Float = 0
                for entry in itemEntries[range] { sum += entry.value * entry.value }
                norms[item] = sum.squareRoot()
            }
        }
        self.norms = norms
    }

    /// The weight of a rating `(value, user, item)` under BM25 (`bm25`) or
    /// TF-IDF, as `Similarity.bm25` and `.tfidf` define them. Sums are taken
    /// in `Double` and over all `matrix.itemCount` books (those without
    /// ratings count in `mean(s)` as 0).
    static func weighting(matrix: RatingMatrix, bm25: Bool) -> @Sendable (Float, Int, Int) -> Float {
        let books = Double(matrix.itemCount)
        let idf = (0..<matrix.userCount).map { user in
            log(books) - log1p(Double(matrix.byUser.range(of: user).count))
        }
        guard bm25 else {
            return { value, user, _ in Float(Double(value).squareRoot() * idf[user]) }
        }
        let sums = (0..<matrix.itemCount).map { item in
            matrix.byItem.entries[matrix.byItem.range(of: item)].reduce(0.0) { $0 + Double($1.value) }
        }
        let meanSum = sums.reduce(0, +) / max(1, books)
        let lengths = sums.map { 1 - bm25B + (meanSum > 0 ? bm25B * $0 / meanSum : 0) }
        let k1 = bm25K1
        return { value, user, item in
            let rating = Double(value)
            return Float(rating * (k1 + 1) / (k1 * lengths[item] + rating) * idf[user])
        }
    }
}
