/// For every book, its most similar books: at most `ModelOptions.neighbors`,
/// best first (ties by item key), each at or above `ModelOptions.threshold`,
/// in CSR form.
///
/// Similarities are accumulated over item blocks on `ModelOptions.threads`
/// workers. For item `i`, every rater `u` of `i` and every book `j` that `u`
/// rated add `x_ui · x_uj` to a dense accumulator, in ascending user then item
/// order, so the result does not depend on the thread count.
struct ItemNeighbors: Sendable {
    let offsets: [Int32]
    let items: [Int32]
    let similarities: [Float]

    /// Items per work block: small, so heavy and light books spread over workers.
    private static let blockSize = 16

    @inline(__always)
    func range(of item: Int) -> Range<Int> {
        Int(offsets[item])..<Int(offsets[item + 1])
    }

    /// Finds every book's neighbours in `matrix`.
    /// - Complexity: O(Σ over users of (ratings per user)²) time, O(items · neighbors) memory.
    init(matrix: RatingMatrix, options: ModelOptions) {
        let vectors = ItemVectors(matrix: matrix, similarity: options.similarity)
        let blockCount = (matrix.itemCount + Self.blockSize - 1) / Self.blockSize
        var blocks = [Block](repeating: Block(), count: blockCount)
        blocks.withUnsafeMutableBufferPointer { buffer in
            let out = SendableBuffer(buffer)
            Parallel.forEachWorker(count: matrix.itemCount, blockSize: Self.blockSize, threads: options.threads) {
                work in
                var finder = NeighborFinder(matrix: matrix, vectors: vectors, options: options)
                for block in work { out[block.index] = finder.neighbors(of: block.range) }
            }
        }
        var offsets = [Int32](repeating: 0, count: matrix.itemCount + 1)
        var item = 0
        for block in blocks {
            for length in block.lengths {
                offsets[item + 1] = offsets[item] + length
                item += 1
            }
        }
        self.offsets = offsets
        items = blocks.flatMap(\.items)
        similarities = blocks.flatMap(\.similarities)
    }

    /// One work block's neighbour lists, concatenated.
    struct Block: Sendable {
        var lengths: [Int32] = []
        var items: [Int32] = []
        var similarities: [Float] = []
    }
}

/// The values similarity is computed from, aligned with `RatingMatrix.byItem`
/// and `.byUser`, and each item's norm.
struct ItemVectors: Sendable {
    let itemValues: [Float]
    let userValues: [Float]
    /// Cosine and Pearson: the Euclidean norm of the item's vector. Jaccard: its rater count.
    let norms: [Float]

    init(matrix: RatingMatrix, similarity: Similarity) {
        let byItem = matrix.byItem
        let byUser = matrix.byUser
        switch similarity {
        case .cosine, .jaccard:
            itemValues = byItem.values
            userValues = byUser.values
        case .pearson:
            var means = [Float](repeating: 0, count: matrix.itemCount)
            var centred = byItem.values
            for item in 0..<matrix.itemCount {
                let range = byItem.range(of: item)
                guard !range.isEmpty else { continue }
                var sum: Float = 0
                for entry in range { sum += byItem.values[entry] }
                means[item] = sum / Float(range.count)
                for entry in range { centred[entry] -= means[item] }
            }
            itemValues = centred
            userValues = byUser.values.indices.map { byUser.values[$0] - means[Int(byUser.columns[$0])] }
        }
        var norms = [Float](repeating: 0, count: matrix.itemCount)
        for item in 0..<matrix.itemCount {
            let range = byItem.range(of: item)
            if similarity == .jaccard {
                norms[item] = Float(range.count)
            } else {
                var sum: Float = 0
                for entry in range { sum += itemValues[entry] * itemValues[entry] }
                norms[item] = sum.squareRoot()
            }
        }
        self.norms = norms
    }
}
