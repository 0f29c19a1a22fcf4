/// One worker's scratch for `ItemNeighbors`: a dense dot-product and
/// co-rater accumulator over all items, the list of items touched, and a
/// fixed-size heap. Nothing is allocated per item or per pair.
struct NeighborFinder: ~Copyable {
    private let matrix: RatingMatrix
    private let vectors: ItemVectors
    private let similarity: Similarity
    private let threshold: Float
    private let shrinkage: Float
    private let dot: ScratchArray<Float>
    private let common: ScratchArray<Int32>
    private let touched: ScratchArray<Int32>
    private var best: TopK

    init(matrix: RatingMatrix, vectors: ItemVectors, options: ModelOptions) {
        self.matrix = matrix
        self.vectors = vectors
        similarity = options.similarity
        threshold = options.threshold
        shrinkage = max(0, options.shrinkage)
        dot = ScratchArray(count: matrix.itemCount, filledWith: 0)
        common = ScratchArray(count: matrix.itemCount, filledWith: 0)
        touched = ScratchArray(count: matrix.itemCount, filledWith: 0)
        best = TopK(capacity: options.neighbors)
    }

    /// The neighbour lists of the items in `items`, in item order.
    mutating func neighbors(of items: Range<Int>) -> ItemNeighbors.Block {
        var block = ItemNeighbors.Block()
        block.lengths.reserveCapacity(items.count)
        block.items.reserveCapacity(items.count * best.capacity)
        block.similarities.reserveCapacity(items.count * best.capacity)
        for item in items {
            let touchedCount = accumulate(item: item)
            select(item: item, touchedCount: touchedCount)
            best.sortBestFirst()
            for index in 0..<best.count {
                let neighbor = best.entry(at: index)
                block.items.append(neighbor.payload)
                block.similarities.append(neighbor.score)
            }
            block.lengths.append(Int32(best.count))
            best.removeAll()
        }
        return block
    }

    /// Adds `x_ui · x_uj` and 1 for every rater `u` of `item` and every `j`
    /// that `u` rated; returns how many items were touched.
    private func accumulate(item: Int) -> Int {
        let byItem = matrix.byItem
        let byUser = matrix.byUser
        let itemValues = vectors.itemValues
        let userValues = vectors.userValues
        var touchedCount = 0
        for entry in byItem.range(of: item) {
            let user = Int(byItem.columns[entry])
            let x = itemValues[entry]
            for other in byUser.range(of: user) {
                let j = Int(byUser.columns[other])
                if common[j] == 0 {
                    touched[touchedCount] = Int32(j)
                    touchedCount += 1
                }
                common[j] += 1
                dot[j] += x * userValues[other]
            }
        }
        return touchedCount
    }

    /// Turns the accumulators into similarities, offers those at or above the
    /// threshold to the heap, and clears the accumulators.
    private mutating func select(item: Int, touchedCount: Int) {
        let norms = vectors.norms
        let keyRank = matrix.keyRank
        let itemNorm = norms[item]
        for slot in 0..<touchedCount {
            let j = Int(touched[slot])
            let n = Float(common[j])
            let product = dot[j]
            common[j] = 0
            dot[j] = 0
            guard j != item else { continue }
            var sim: Float
            switch similarity {
            case .cosine, .pearson:
                let denominator = itemNorm * norms[j]
                sim = denominator > 0 ? product / denominator : 0
            case .jaccard:
                sim = n / (itemNorm + norms[j] - n)
            }
            if shrinkage > 0 { sim *= n / (n + shrinkage) }
            guard sim >= threshold, best.accepts(score: sim, rank: keyRank[j]) else { continue }
            best.insert(score: sim, rank: keyRank[j], payload: Int32(j))
        }
    }
}
