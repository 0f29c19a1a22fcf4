/// For every book, its most similar books: at most `ModelOptions.neighbors`,
/// best first (ties by item key), each at or above `ModelOptions.threshold`,
/// in CSR form.
///
/// Each pair is computed once, by the worker that owns the lower-numbered
/// item `i` (items go to workers in small interleaved blocks): every rater
/// `u` of `i` and every book `j > i` that `u` rated add `x_ui · x_uj` to a
/// dense accumulator, in ascending user order. The pair's similarity is then
/// offered to `i`'s selection and to `j`'s selection in the worker's
/// `HeapPool`; at the end each item keeps the best of its own selection and
/// every worker's pool. Selections are order-independent, so the result is the
/// same for any thread count.
struct ItemNeighbors: Sendable {
    /// Row per item: its neighbours (column) and similarities (value), best first.
    let lists: SparseRows

    /// Items per work block: small, so heavy and light books spread over workers.
    private static let blockSize = 16

    /// Finds every book's neighbours in `matrix`.
    /// - Complexity: O(Σ over users of (ratings per user)² / 2) time;
    ///   O(items · neighbors) memory per worker.
    init(matrix: RatingMatrix, options: ModelOptions) {
        let vectors = ItemVectors(matrix: matrix, similarity: options.similarity)
        let blockCount = (matrix.itemCount + Self.blockSize - 1) / Self.blockSize
        var blocks = [Block](repeating: Block(), count: blockCount)
        var pools = [HeapPool?](repeating: nil, count: max(1, options.threads))
        blocks.withUnsafeMutableBufferPointer { blockBuffer in
            pools.withUnsafeMutableBufferPointer { poolBuffer in
                let out = SendableBuffer(blockBuffer)
                let poolOut = SendableBuffer(poolBuffer)
                Parallel.forEachWorker(count: matrix.itemCount, blockSize: Self.blockSize, threads: options.threads) {
                    worker, work in
                    var finder = NeighborFinder(matrix: matrix, vectors: vectors, options: options)
                    for block in work { out[block.index] = finder.neighbors(of: block.range) }
                    poolOut[worker] = finder.lowerCandidates
                }
            }
        }
        lists = Self.merge(blocks: blocks, pools: pools.compactMap { $0 }, matrix: matrix, capacity: options.neighbors)
    }

    /// Each item's best neighbours among its own candidates (`blocks`, item
    /// order) and those other items offered it (`pools`).
    private static func merge(blocks: [Block], pools: [HeapPool], matrix: RatingMatrix, capacity: Int) -> SparseRows {
        var offsets = [Int32](repeating: 0, count: matrix.itemCount + 1)
        var entries: [SparseEntry] = []
        entries.reserveCapacity(matrix.itemCount * max(0, capacity))
        var best = TopK(capacity: capacity)
        var item = 0
        for block in blocks {
            var start = 0
            for length in block.lengths {
                for entry in block.entries[start..<start + Int(length)] {
                    best.insert(score: entry.value, rank: matrix.keyRank[Int(entry.column)], payload: entry.column)
                }
                start += Int(length)
                for pool in pools {
                    pool.forEach(of: item) { score, rank in
                        best.insert(score: score, rank: rank, payload: matrix.itemAtRank[Int(rank)])
                    }
                }
                best.sortBestFirst()
                for index in 0..<best.count {
                    let neighbor = best.entry(at: index)
                    entries.append(SparseEntry(column: neighbor.payload, value: neighbor.score))
                }
                best.removeAll()
                offsets[item + 1] = Int32(entries.count)
                item += 1
            }
        }
        return SparseRows(offsets: offsets, entries: entries)
    }

    /// One work block's own candidates per item (neighbours above it), concatenated.
    struct Block: Sendable {
        var lengths: [Int32] = []
        var entries: [SparseEntry] = []
    }
}
