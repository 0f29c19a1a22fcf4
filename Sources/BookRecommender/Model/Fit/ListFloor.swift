import Synchronization

/// A lower bound on the similarity of the last neighbour each book keeps,
/// known before the book's pairs are found, so the sparse kernel can turn
/// away at one comparison every pair below it instead of sifting the first
/// `neighbors` pairs it meets (which on a wide catalog are mostly poor ones)
/// through the book's selection.
///
/// The bound: a reader `u` of book `i` with at least `neighbors + 1` books
/// makes `i` a candidate of each of them, and with `u` alone the pair
/// `(i, k)` scores `similarity(x_ui · x_uk, one co-rater)`. Its other
/// co-raters, if any, only add non-negative terms (in ascending user order,
/// each float addition rounding monotonically), and the similarity grows
/// with the dot product and the co-rater count, so that is a lower bound on
/// the pair's similarity. Taking `x_uk` as the `neighbors`-th largest value
/// of `u`'s row other than `i`'s, at least `neighbors` distinct books score
/// at least the bound, and so does the last book `i` keeps. The best bound
/// over `i`'s readers is kept.
///
/// It holds where every value of the vectors is non-negative and the
/// similarity needs no norms (BM25, whose norms are all 1); elsewhere there
/// is no bound (`-∞`), and the kernel selects as before.
struct ListFloor: Sendable {
    /// Per user: the `neighbors`-th and `(neighbors + 1)`-th largest values of
    /// their row; empty when there is no bound.
    private let largest: [SIMD2<Float>]
    private let shrinkage: Float

    /// The bounds for `options` over the vectors `weighting` makes of
    /// `matrix`'s values, computed on `options.threads` workers. Each value is
    /// weighed where it is read, as `ItemVectors` weighs it, so no weighted
    /// copy of the ratings is made: a prepared input bounds every book
    /// without one.
    /// - Complexity: O(ratings · log neighbors).
    init(matrix: RatingMatrix, weighting: ItemVectors.Weighting, options: ModelOptions) {
        shrinkage = max(0, options.shrinkage)
        let neighbors = options.neighbors
        guard options.similarity == .bm25, neighbors > 0, matrix.byUser.entryCount > 0 else {
            largest = []
            return
        }
        let byUser = matrix.byUser
        let negative = Atomic<Bool>(false)
        let largest = [SIMD2<Float>](unsafeUninitializedCapacity: matrix.userCount) { buffer, count in
            let out = SendableBuffer(buffer)
            Parallel.forEachWorker(count: matrix.userCount, blockSize: 1024, threads: options.threads) { _, work in
                var heap = [Float](repeating: 0, count: neighbors + 1)
                var row: [Float] = []
                for block in work {
                    for user in block.range {
                        row.removeAll(keepingCapacity: true)
                        for entry in byUser.entries[byUser.range(of: user)] {
                            row.append(weighting(entry.value, user: user, item: Int(entry.column)))
                        }
                        if row.contains(where: { $0 < 0 }) { negative.store(true, ordering: .relaxed) }
                        out.initialize(user, to: Self.largest(row, rank: neighbors, heap: &heap))
                    }
                }
            }
            count = matrix.userCount
        }
        // The bound holds only where no value is negative.
        self.largest = negative.load(ordering: .relaxed) ? [] : largest
    }

    /// The `rank`-th and `(rank + 1)`-th largest values of `row`, or `-∞`
    /// for both when it has fewer than `rank + 1` entries; `heap` is scratch
    /// of `rank + 1` slots.
    private static func largest(_ row: [Float], rank: Int, heap: inout [Float]) -> SIMD2<Float> {
        let size = rank + 1
        guard row.count >= size else { return SIMD2(-.infinity, -.infinity) }
        // A min-heap of the `size` largest values seen.
        var count = 0
        for value in row {
            if count < size {
                var hole = count
                count += 1
                while hole > 0 && heap[(hole - 1) / 2] > value {
                    heap[hole] = heap[(hole - 1) / 2]
                    hole = (hole - 1) / 2
                }
                heap[hole] = value
            } else if value > heap[0] {
                var hole = 0
                while true {
                    var child = 2 * hole + 1
                    guard child < size else { break }
                    if child + 1 < size && heap[child + 1] < heap[child] { child += 1 }
                    guard heap[child] < value else { break }
                    heap[hole] = heap[child]
                    hole = child
                }
                heap[hole] = value
            }
        }
        // The root is the (rank + 1)-th largest; the rank-th is the smaller of its children.
        let second = size == 1 ? heap[0] : size == 2 ? heap[1] : min(heap[1], heap[2])
        return SIMD2(second, heap[0])
    }

    /// Whether every book's bound is `-∞`.
    var isNone: Bool { largest.isEmpty }

    /// Every book's bound over the vectors `weighting` makes of `matrix`'s
    /// values (as `init` took them), computed on `threads` workers.
    /// - Complexity: O(ratings).
    func bounds(matrix: RatingMatrix, weighting: ItemVectors.Weighting, threads: Int) -> [Float] {
        let byItem = matrix.byItem
        return [Float](unsafeUninitializedCapacity: matrix.itemCount) { buffer, count in
            let out = SendableBuffer(buffer)
            Parallel.forEachWorker(count: matrix.itemCount, blockSize: 4096, threads: threads) { _, work in
                for block in work {
                    for item in block.range {
                        out.initialize(
                            item, to: bound(item: item, raters: byItem.entries[byItem.range(of: item)], weighting))
                    }
                }
            }
            count = matrix.itemCount
        }
    }

    /// The bound of `item`, whose ratings are `raters` (its entries of
    /// `RatingMatrix.byItem`, `column` the user) weighed by `weighting`, or
    /// `-∞` when none of its readers has enough books.
    @inline(__always)
    private func bound(item: Int, raters: ArraySlice<SparseEntry>, _ weighting: ItemVectors.Weighting) -> Float {
        guard !largest.isEmpty else { return -.infinity }
        var best: Float = -.infinity
        largest.withUnsafeBufferPointer { largest in
            for rater in raters {
                let user = Int(rater.column)
                let value = weighting(rater.value, user: user, item: item)
                let pair = largest[user]
                // A rater whose own value reaches the rank-th largest may be
                // one of those books: the next value down leaves `rank` others.
                let other = value >= pair.x ? pair.y : pair.x
                guard other > -.infinity else { continue }
                let sum = NeighborFinder.PairSum(dot: value * other, common: 1)
                best = max(
                    best, NeighborFinder.similarity(of: sum, norms: 1, 1, similarity: .bm25, shrinkage: shrinkage))
            }
        }
        return best
    }
}
