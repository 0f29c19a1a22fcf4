/// The values similarity is computed from, aligned with `RatingMatrix.byItem`
/// and `.byUser`, and each item's norm.
struct ItemVectors: Sendable {
    let itemEntries: [SparseEntry]
    let userEntries: [SparseEntry]
    /// Cosine and Pearson: the Euclidean norm of the item's vector. Jaccard: its rater count.
    let norms: [Float]

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
        }
        var norms = [Float](repeating: 0, count: matrix.itemCount)
        for item in 0..<matrix.itemCount {
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
}
