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

    /// No bound for any book.
    static let none = ListFloor(largest: [], shrinkage: 0)

    private init(largest: [SIMD2<Float>], shrinkage: Float) {
        self.largest = largest
        self.shrinkage = shrinkage
    }

    /// The bounds for `options` over `vectors` of `matrix`, computed on `options.threads` workers.
    /// - Complexity: O(ratings · log neighbors).
    init(matrix: RatingMatrix, vectors: ItemVectors, options: ModelOptions) {
        shrinkage = max(0, options.shrinkage)
        let neighbors = options.neighbors
        let applies =
            options.similarity == .bm25 && neighbors > 0 && !vectors.userEntries.isEmpty
            && vectors.userEntries.allSatisfy { $0.value >= 0 }
        guard applies else {
            largest = []
            return
        }
        let byUser = matrix.byUser
        let userEntries = vectors.userEntries
        largest = [SIMD2<Float>](unsafeUninitializedCapacity: matrix.userCount) { buffer, count in
            let out = SendableBuffer(buffer)
            Parallel.forEachWorker(count: matrix.userCount, blockSize: 1024, threads: options.threads) { _, work in
                var heap = [Float](repeating: 0, count: neighbors + 1)
                for block in work {
                    for user in block.range {
                        out.initialize(
                            user,
                            to: Self.largest(userEntries[byUser.range(of: user)], rank: neighbors, heap: &heap))
                    }
                }
            }
            count = matrix.userCount
        }
    }

    /// The `rank`-th and `(rank + 1)`-th largest values of `row`, or `-∞`
    /// for both when it has fewer than `rank + 1` entries; `heap` is scratch
    /// of `rank + 1` slots.
    private static func largest(_ row: ArraySlice<SparseEntry>, rank: Int, heap: inout [Float]) -> SIMD2<Float> {
        let size = rank + 1
        guard row.count >= size else { return SIMD2(-.infinity, -.infinity) }
        // A min-heap of the `size` largest values seen.
        var count = 0
        for entry in row {
            let value = entry.value
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

    /// Every book's bound (`bound(raterValues:)` of its raters in `vectors`),
    /// computed on `threads` workers.
    /// - Complexity: O(ratings).
    func bounds(matrix: RatingMatrix, vectors: ItemVectors, threads: Int) -> [Float] {
        let (byItem, itemEntries) = (matrix.byItem, vectors.itemEntries)
        return [Float](unsafeUninitializedCapacity: matrix.itemCount) { buffer, count in
            let out = SendableBuffer(buffer)
            Parallel.forEachWorker(count: matrix.itemCount, blockSize: 4096, threads: threads) { _, work in
                itemEntries.withUnsafeBufferPointer { itemEntries in
                    for block in work {
                        for item in block.range {
                            let raters = UnsafeBufferPointer(rebasing: itemEntries[byItem.range(of: item)])
                            out.initialize(item, to: bound(raterValues: raters))
                        }
                    }
                }
            }
            count = matrix.itemCount
        }
    }

    /// The bound for the book whose raters have `raterValues` (its entries of
    /// `ItemVectors.itemEntries`, `column` the user), or `-∞` when none has
    /// enough books.
    @inline(__always)
    func bound(raterValues: UnsafeBufferPointer<SparseEntry>) -> Float {
        guard !largest.isEmpty else { return -.infinity }
        var best: Float = -.infinity
        largest.withUnsafeBufferPointer { largest in
            for rater in raterValues {
                let pair = largest[Int(rater.column)]
                // A rater whose own value reaches the rank-th largest may be
                // one of those books: the next value down leaves `rank` others.
                let other = rater.value >= pair.x ? pair.y : pair.x
                guard other > -.infinity else { continue }
                let sum = NeighborFinder.PairSum(dot: rater.value * other, common: 1)
                let value = NeighborFinder.similarity(
                    of: sum, norms: 1, 1, similarity: .bm25, shrinkage: shrinkage)
                best = max(best, value)
            }
        }
        return best
    }
}
