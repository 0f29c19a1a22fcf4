import Foundation

/// EASE (Steck, "Embarrassingly Shallow Autoencoders", 2019) fitted book by
/// book: each book `j` is predicted from the `M` books most often had with
/// it (`neighbourhood`), by ridge regression on the Gram matrix of
/// the readers' strengths, `w_j = (G[N,N] + λI)⁻¹ G[N,j]`. A reader's score
/// for `j` is then `Σ x_uk · w_kj` over their books `k`, which is what
/// `UserScorer` computes from each book's list of `(j, w_kj)`.
///
/// Full EASE inverts the whole `books × books` Gram matrix: `O(books³)`, out
/// of reach without BLAS. Solving one `M × M` system per book costs
/// `O(books · M³)` and, measured on the MovieLens holdouts (see
/// `docs/accuracy-and-speed.md`), keeps within 1–3 % of full EASE.
///
/// Strengths: a rating `r` (0–5) counts `max(r − 2, 0.1)`, so a disliked book
/// says almost nothing; a book without stars counts as its kind's weight
/// mapped the same way. `λ = 300 · mean(x²)`, so the ridge does not depend on
/// the scale of the weights. Only books with at least `minimumReaders`
/// readers are modelled; the others get no list (they can still be picked
/// from the popularity list).
enum LocalEASE {
    /// Books with fewer readers are not modelled.
    static let minimumReaders = 3
    /// `λ / mean(x²)`.
    static let ridge = 300.0
    /// The most books the dense Gram matrix may hold (1.6 GB): a wider
    /// catalog is fitted with BM25 item-item instead (see `CollaborativeFilter.fit`).
    static let maximumBooks = 20_000

    /// The strength EASE gives a reader's value (stars, or an interaction's weight).
    @inline(__always)
    static func strength(_ value: Float) -> Float {
        max(value - 2, 0.1)
    }

    /// Books each book is regressed on (its most co-read ones).
    static let neighbourhood = 200

    /// Whether `matrix` has few enough modelled books for the dense Gram matrix.
    static func fits(_ matrix: RatingMatrix) -> Bool {
        (0..<matrix.itemCount).count { matrix.byItem.range(of: $0).count >= minimumReaders } <= maximumBooks
    }

    /// Readers with at least this many books on average suit EASE (`Similarity.auto`).
    static let suitingBooksPerReader = 20.0
    /// Co-read pairs (`Σ n²/2` over readers) beyond which EASE costs more
    /// than item-item is worth (`Similarity.auto`): its lists are long, and
    /// scoring every reader reads them all.
    static let suitingPairs = 1e8

    /// Whether `Similarity.auto` fits EASE to `matrix`: readers with many books
    /// each, at an affordable cost. Measured on the holdouts in
    /// `docs/interactions.md`: EASE wins by 7–15 % where readers have many
    /// books (MovieLens, 165 each), and loses to BM25 item-item on sparse data
    /// (Book-Crossing, 9 each) in every band of reader activity.
    static func suits(_ matrix: RatingMatrix) -> Bool {
        guard matrix.userCount > 0, fits(matrix) else { return false }
        var pairs: Double = 0
        for user in 0..<matrix.userCount {
            let count = Double(matrix.byUser.range(of: user).count)
            pairs += count * count / 2
        }
        let perReader = Double(matrix.byUser.entryCount) / Double(matrix.userCount)
        return perReader >= suitingBooksPerReader && pairs <= suitingPairs
    }

    /// Every book's list of `(j, w_kj)`, largest weight first (ties by item
    /// key), computed on `options.threads` workers; the same for any thread count.
    /// - Complexity: O(Σ over readers of n²) for the Gram matrix, then
    ///   O(books · (books + M³)) for the regressions; `4 · books²` bytes.
    static func neighborLists(matrix: RatingMatrix, options: ModelOptions) -> SparseRows {
        let gram = EASEGram(matrix: matrix, threads: options.threads)
        let n = gram.count
        let lambda = ridge * gram.meanSquare
        let size = neighbourhood
        // columns[j]: the weights of book `gram.items[j]` on its neighbours (item index, weight).
        var columns = [[SparseEntry]](repeating: [], count: n)
        columns.withUnsafeMutableBufferPointer { buffer in
            let out = SendableBuffer(buffer)
            Parallel.forEachWorker(count: n, blockSize: 16, threads: options.threads) { _, work in
                var solver = RidgeSolver(capacity: size)
                var nearest = TopK(capacity: size)
                for block in work {
                    for j in block.range {
                        for k in 0..<n where k != j && gram[j, k] > 0 {
                            nearest.insert(
                                score: gram[j, k], rank: matrix.keyRank[Int(gram.items[k])], payload: Int32(k))
                        }
                        nearest.sortBestFirst()
                        let around = (0..<nearest.count).map { Int(nearest.entry(at: $0).payload) }
                        nearest.removeAll()
                        let weights = solver.solve(size: around.count, lambda: lambda) { a, b in
                            Double(b < 0 ? gram[around[a], j] : gram[around[a], around[b]])
                        }
                        out[j] = zip(around, weights).compactMap { k, weight in
                            weight.isFinite && weight != 0
                                ? SparseEntry(column: gram.items[k], value: Float(weight)) : nil
                        }
                    }
                }
            }
        }
        return transposed(columns, gram: gram, matrix: matrix)
    }

    /// Book `k`'s row: every `(j, w_kj)` with `k` among `j`'s neighbours, best first, ties by key.
    private static func transposed(_ columns: [[SparseEntry]], gram: EASEGram, matrix: RatingMatrix) -> SparseRows {
        var rows = [[SparseEntry]](repeating: [], count: matrix.itemCount)
        for (j, column) in columns.enumerated() {
            for entry in column {
                rows[Int(entry.column)].append(SparseEntry(column: gram.items[j], value: entry.value))
            }
        }
        var offsets = [Int32](repeating: 0, count: matrix.itemCount + 1)
        var entries: [SparseEntry] = []
        entries.reserveCapacity(columns.reduce(0) { $0 + $1.count })
        for item in 0..<matrix.itemCount {
            let keyRank = matrix.keyRank
            entries.append(
                contentsOf: rows[item].sorted { a, b in
                    a.value != b.value ? a.value > b.value : keyRank[Int(a.column)] < keyRank[Int(b.column)]
                })
            offsets[item + 1] = Int32(entries.count)
        }
        return SparseRows(offsets: offsets, entries: entries)
    }
}

/// Solves `(A + λI) w = b` for a symmetric positive semi-definite `A` by
/// Cholesky factorisation, in `Double`, reusing its scratch between systems.
struct RidgeSolver {
    private var factor: [Double]
    private var rhs: [Double]

    init(capacity: Int) {
        factor = [Double](repeating: 0, count: capacity * capacity)
        rhs = [Double](repeating: 0, count: capacity)
    }

    /// `w` for a `size × size` system whose cells `element(a, b)` gives, with
    /// `b = -1` for the right-hand side; empty when `size` is 0.
    /// - Complexity: O(size³ / 6).
    mutating func solve(size: Int, lambda: Double, element: (Int, Int) -> Double) -> [Double] {
        guard size > 0 else { return [] }
        for a in 0..<size {
            for b in 0...a { factor[a * size + b] = element(a, b) + (a == b ? lambda : 0) }
            rhs[a] = element(a, -1)
        }
        factor.withUnsafeMutableBufferPointer { factor in
            rhs.withUnsafeMutableBufferPointer { rhs in
                Self.factorize(factor.baseAddress!, size: size)
                Self.substitute(factor.baseAddress!, rhs.baseAddress!, size: size)
            }
        }
        return Array(rhs[0..<size])
    }

    /// Overwrites the lower triangle of `a` (row-major, `size` wide) with L, L·Lᵀ = a.
    private static func factorize(_ a: UnsafeMutablePointer<Double>, size: Int) {
        for row in 0..<size {
            let rowStart = a + row * size
            for column in 0...row {
                let columnStart = a + column * size
                let sum = rowStart[column] - dot(rowStart, columnStart, count: column)
                if row == column {
                    rowStart[row] = sum > 0 ? sum.squareRoot() : .infinity
                } else {
                    rowStart[column] = sum / columnStart[column]
                }
            }
        }
    }

    /// `Σ a[i] · b[i]` for `i < count`, in four lanes of two (the factorisation's inner loop).
    @inline(__always)
    private static func dot(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, count: Int) -> Double {
        var lanes = (SIMD2<Double>(), SIMD2<Double>(), SIMD2<Double>(), SIMD2<Double>())
        var index = 0
        let (left, right) = (UnsafeRawPointer(a), UnsafeRawPointer(b))
        let stride = MemoryLayout<Double>.stride
        while index + 8 <= count {
            let offset = index * stride
            lanes.0 +=
                left.loadUnaligned(fromByteOffset: offset, as: SIMD2<Double>.self)
                * right.loadUnaligned(fromByteOffset: offset, as: SIMD2<Double>.self)
            lanes.1 +=
                left.loadUnaligned(fromByteOffset: offset + 2 * stride, as: SIMD2<Double>.self)
                * right.loadUnaligned(fromByteOffset: offset + 2 * stride, as: SIMD2<Double>.self)
            lanes.2 +=
                left.loadUnaligned(fromByteOffset: offset + 4 * stride, as: SIMD2<Double>.self)
                * right.loadUnaligned(fromByteOffset: offset + 4 * stride, as: SIMD2<Double>.self)
            lanes.3 +=
                left.loadUnaligned(fromByteOffset: offset + 6 * stride, as: SIMD2<Double>.self)
                * right.loadUnaligned(fromByteOffset: offset + 6 * stride, as: SIMD2<Double>.self)
            index += 8
        }
        var sum = ((lanes.0 + lanes.1) + (lanes.2 + lanes.3)).sum()
        while index < count {
            sum += a[index] * b[index]
            index += 1
        }
        return sum
    }

    /// Solves L·Lᵀ·w = rhs in place, L the lower triangle of `l`.
    private static func substitute(_ l: UnsafeMutablePointer<Double>, _ rhs: UnsafeMutablePointer<Double>, size: Int) {
        for row in 0..<size {
            rhs[row] = (rhs[row] - dot(l + row * size, rhs, count: row)) / l[row * size + row]
        }
        for row in stride(from: size - 1, through: 0, by: -1) {
            var sum = rhs[row]
            for c in row + 1..<size { sum -= l[c * size + row] * rhs[c] }
            rhs[row] = sum / l[row * size + row]
        }
    }
}
