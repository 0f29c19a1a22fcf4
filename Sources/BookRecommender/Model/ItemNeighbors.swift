/// For every book, its most similar books: at most `ModelOptions.neighbors`,
/// best first (ties by item key), each at or above `ModelOptions.threshold`,
/// in CSR form.
///
/// Similarities are accumulated over item blocks on `ModelOptions.threads`
/// workers. For item `i`, every rater `u` of `i` and every book `j` that `u`
/// rated add `x_ui · x_uj` to a dense accumulator, in ascending user then item
/// order, so the result does not depend on the thread count.
struct ItemNeighbors: Sendable {
    /// Row per item: its neighbours (column) and similarities (value), best first.
    let lists: SparseRows

    /// Items per work block: small, so heavy and light books spread over workers.
    private static let blockSize = 16

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
        lists = SparseRows(offsets: offsets, entries: blocks.flatMap(\.entries))
    }

    /// One work block's neighbour lists, concatenated.
    struct Block: Sendable {
        var lengths: [Int32] = []
        var entries: [SparseEntry] = []
    }
}

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
