/// One worker's scratch for the sparse kernel of `ItemNeighbors`, which works
/// for every similarity and option: a dense accumulator over all items, the
/// list of items touched, and the worker's `NeighborSelection`. Nothing is
/// allocated per pair.
///
/// Per item `i`, every rater `u` of `i` and every book `j > i` that `u` rated
/// add `x_ui · x_uj` and 1 to `j`'s accumulator, in ascending user order.
struct NeighborFinder: ~Copyable {
    /// What item `i` shares with item `j` so far: `Σ x_ui · x_uj` and the co-rater count.
    struct PairSum: BitwiseCopyable {
        var dot: Float
        var common: Int32
    }

    private let matrix: RatingMatrix
    private let vectors: ItemVectors
    private let similarity: Similarity
    private let shrinkage: Float
    private let sums: ScratchArray<PairSum>
    private let touched: ScratchArray<Int32>
    /// Keeps the cache-warming loads of `accumulate(item:)` from being optimised away.
    private let warmed: ScratchArray<Int32>
    private(set) var selection: NeighborSelection
    /// Raters whose rows are fetched together by `accumulate(item:)`.
    private static let touchBatch = 8

    init(matrix: RatingMatrix, vectors: ItemVectors, options: ModelOptions) {
        self.matrix = matrix
        self.vectors = vectors
        similarity = options.similarity
        shrinkage = max(0, options.shrinkage)
        sums = ScratchArray(count: matrix.itemCount, filledWith: PairSum(dot: 0, common: 0))
        touched = ScratchArray(count: matrix.itemCount, filledWith: 0)
        warmed = ScratchArray(count: 1, filledWith: 0)
        selection = NeighborSelection(keyRank: matrix.keyRank, options: options)
    }

    /// Each item's best neighbours above it, for the items in `items`, in item
    /// order; offers each pair to the upper item's selection in
    /// `selection.lowerCandidates`.
    /// - Complexity: O(Σ over raters of the items of their ratings above the item).
    mutating func neighbors(of items: Range<Int>) -> ItemNeighbors.Block {
        var block = ItemNeighbors.Block()
        block.lengths.reserveCapacity(items.count)
        for item in items {
            let touchedCount = accumulate(item: item)
            select(item: item, touchedCount: touchedCount)
            selection.finishItem(into: &block)
        }
        return block
    }

    /// Adds `x_ui · x_uj` and 1 for every rater `u` of `item` and every
    /// `j > item` that `u` rated; returns how many items were touched.
    ///
    /// This loop is the fit's cost, and it waits on memory: each rater's row
    /// sits somewhere in a large array. So raters go in batches, and while one
    /// batch is summed the next batch's rows are touched, one load per 64-byte
    /// line, so their cache lines are fetched together instead of one miss
    /// after another.
    private func accumulate(item: Int) -> Int {
        let raters = matrix.byItem.range(of: item)
        return vectors.itemEntries.withUnsafeBufferPointer { itemEntries in
            vectors.userEntries.withUnsafeBufferPointer { userEntries in
                matrix.byUser.offsets.withUnsafeBufferPointer { offsets in
                    var warm: Int32 = 0
                    func touchRows(of batch: Range<Int>) {
                        for rater in batch.clamped(to: raters) {
                            let user = Int(itemEntries[rater].column)
                            for line in stride(from: Int(offsets[user]), to: Int(offsets[user + 1]), by: 8) {
                                warm &+= userEntries[line].column
                            }
                        }
                    }
                    let batchSize = Self.touchBatch
                    touchRows(of: raters.lowerBound..<raters.lowerBound + batchSize)
                    var touchedCount = 0
                    for rater in raters {
                        if (rater - raters.lowerBound) % batchSize == 0 {
                            touchRows(of: rater + batchSize..<rater + 2 * batchSize)
                        }
                        let user = Int(itemEntries[rater].column)
                        let x = itemEntries[rater].value
                        // The row is sorted by item: walk it down from the end to `item`.
                        var other = Int(offsets[user + 1])
                        while other > Int(offsets[user]) {
                            other -= 1
                            let entry = userEntries[other]
                            if Int(entry.column) <= item { break }
                            let sum = sums.base + Int(entry.column)
                            if sum.pointee.common == 0 {
                                touched[touchedCount] = entry.column
                                touchedCount += 1
                            }
                            sum.pointee.common &+= 1
                            sum.pointee.dot += x * entry.value
                        }
                    }
                    warmed[0] = warm
                    return touchedCount
                }
            }
        }
    }

    /// Turns the accumulators into similarities, offers them to `selection`,
    /// and clears the accumulators.
    private mutating func select(item: Int, touchedCount: Int) {
        let norms = vectors.norms
        let itemNorm = norms[item]
        let itemRank = matrix.keyRank[item]
        for slot in 0..<touchedCount {
            let j = Int(touched[slot])
            let sum = sums[j]
            sums[j] = PairSum(dot: 0, common: 0)
            let value = Self.similarity(
                of: sum, norms: itemNorm, norms[j], similarity: similarity, shrinkage: shrinkage)
            selection.offer(similarity: value, item: itemRank, other: j)
        }
    }

    /// The similarity of a pair with `sum` (at least one co-rater) whose
    /// items have norms `a` and `b` (`ItemVectors.norms`), shrunk by
    /// `n / (n + shrinkage)` when `shrinkage > 0`. Both kernels call this, so
    /// they agree bit for bit.
    @inline(__always)
    static func similarity(
        of sum: PairSum, norms a: Float, _ b: Float, similarity: Similarity, shrinkage: Float
    ) -> Float {
        let n = Float(sum.common)
        var value: Float
        switch similarity {
        case .cosine, .pearson, .bm25, .tfidf, .ease, .auto:
            let denominator = a * b
            value = denominator > 0 ? sum.dot / denominator : 0
        case .jaccard:
            value = n / (a + b - n)
        }
        if shrinkage > 0 { value *= n / (n + shrinkage) }
        return value
    }
}
