import Foundation

/// The values similarity is computed from, aligned with `RatingMatrix.byItem`
/// and `.byUser`, and each item's norm.
struct ItemVectors: Sendable {
    /// Empty when not asked for (the dense kernel weighs `RatingMatrix.byUser` itself).
    let itemEntries: [SparseEntry]
    /// Empty when not asked for, as `itemEntries`.
    let userEntries: [SparseEntry]
    /// Cosine, Pearson and TF-IDF: the Euclidean norm of the item's vector.
    /// Jaccard: its rater count. BM25: 1, so the similarity is the plain dot product.
    let norms: [Float]
    /// How each rating became its value in the vectors.
    let weighting: Weighting

    /// BM25's rating saturation `k1` (`implicit`'s default).
    static let bm25K1 = 1.2
    /// BM25's length normalisation `b` (`implicit`'s default).
    static let bm25B = 0.75

    /// The vectors of `matrix` for `similarity`, weighted on `threads` workers;
    /// the weighted entries only when `entries` (the sparse kernel reads them;
    /// the dense kernel needs only the weighting and the norms). With
    /// `weighted`, the matrix's values are already the vectors' values (a
    /// prepared input's part weighs them before it builds the matrix) and
    /// are taken as they are.
    init(
        matrix: RatingMatrix, similarity: Similarity, threads: Int = 1, entries wanted: Bool = true,
        weighted: Bool = false
    ) {
        let (byItem, byUser) = (matrix.byItem, matrix.byUser)
        let weight = weighted ? .identity : Weighting(matrix: matrix, similarity: similarity)
        if !wanted {
            (itemEntries, userEntries) = ([], [])
        } else if weight.isIdentity {
            (itemEntries, userEntries) = (byItem.entries, byUser.entries)
        } else {
            itemEntries = byItem.mappingValues(threads: threads) { item, entry in
                weight(entry.value, user: Int(entry.column), item: item)
            }
            userEntries = byUser.mappingValues(threads: threads) { user, entry in
                weight(entry.value, user: user, item: Int(entry.column))
            }
        }
        var norms = [Float](repeating: 1, count: matrix.itemCount)
        for item in 0..<matrix.itemCount where similarity != .bm25 {
            let range = byItem.range(of: item)
            if similarity == .jaccard {
                norms[item] = Float(range.count)
            } else {
                var sum: Float = 0
                for entry in byItem.entries[range] {
                    let value = weight(entry.value, user: Int(entry.column), item: item)
                    sum += value * value
                }
                norms[item] = sum.squareRoot()
            }
        }
        self.norms = norms
        weighting = weight
    }

    /// The value of a rating `(value, user, item)` in the vectors of one
    /// similarity: the rating itself (cosine, Jaccard), centred on the item's
    /// mean (Pearson), or weighted as `Similarity.bm25` and `.tfidf` define
    /// it. BM25 and TF-IDF sums are taken in `Double` and over all
    /// `matrix.itemCount` books (those without ratings count in `mean(s)` as 0).
    struct Weighting: Sendable {
        /// Pearson only: per item, the mean of its ratings.
        private let means: [Float]?
        /// BM25 and TF-IDF: per user, `log(books) − log(1 + ratings)`.
        private let idf: [Double]?
        /// BM25 only: per item, `1 − b + b · s / mean(s)`, `s` the sum of its ratings.
        private let lengths: [Double]?

        /// Every value is the rating itself.
        static let identity = Weighting(means: nil, idf: nil, lengths: nil)

        /// The per-book and per-reader numbers a weighting is made of, each
        /// empty where it has none, as a prepared input stores them (`PreparedInputFile`).
        struct Factors: Equatable {
            var means: [Float]
            var idf: [Double]
            var lengths: [Double]
        }

        /// This weighting's factors.
        var factors: Factors {
            Factors(means: means ?? [], idf: idf ?? [], lengths: lengths ?? [])
        }

        /// The weighting of `factors` over `books` books and `readers`
        /// readers; nil unless they have the shape of one (none, the means
        /// alone, the idf alone, or the idf and the lengths), one number per
        /// book or reader, each finite.
        init?(_ factors: Factors, books: Int, readers: Int) {
            let (means, idf, lengths) = (factors.means, factors.idf, factors.lengths)
            guard means.isEmpty || (means.count == books && idf.isEmpty && lengths.isEmpty),
                idf.isEmpty || idf.count == readers, lengths.isEmpty || (lengths.count == books && !idf.isEmpty),
                means.allSatisfy(\.isFinite), idf.allSatisfy(\.isFinite), lengths.allSatisfy(\.isFinite)
            else { return nil }
            self.init(
                means: means.isEmpty ? nil : means, idf: idf.isEmpty ? nil : idf,
                lengths: lengths.isEmpty ? nil : lengths)
        }

        private init(means: [Float]?, idf: [Double]?, lengths: [Double]?) {
            (self.means, self.idf, self.lengths) = (means, idf, lengths)
        }

        init(matrix: RatingMatrix, similarity: Similarity) {
            let byItem = matrix.byItem
            let books = Double(matrix.itemCount)
            means =
                similarity != .pearson
                ? nil
                : (0..<matrix.itemCount).map { item in
                    let range = byItem.range(of: item)
                    return range.isEmpty
                        ? 0 : byItem.entries[range].reduce(Float(0)) { $0 + $1.value } / Float(range.count)
                }
            idf =
                similarity != .bm25 && similarity != .tfidf
                ? nil
                : (0..<matrix.userCount).map { user in
                    log(books) - log1p(Double(matrix.byUser.range(of: user).count))
                }
            guard similarity == .bm25 else {
                lengths = nil
                return
            }
            let sums = (0..<matrix.itemCount).map { item in
                byItem.entries[byItem.range(of: item)].reduce(0.0) { $0 + Double($1.value) }
            }
            let meanSum = sums.reduce(0, +) / max(1, books)
            lengths = sums.map { 1 - ItemVectors.bm25B + (meanSum > 0 ? ItemVectors.bm25B * $0 / meanSum : 0) }
        }

        /// Whether every value is the rating itself.
        var isIdentity: Bool { means == nil && idf == nil }

        @inline(__always)
        func callAsFunction(_ value: Float, user: Int, item: Int) -> Float {
            if let means { return value - means[item] }
            guard let idf else { return value }
            let rating = Double(value)
            guard let lengths else { return Float(rating.squareRoot() * idf[user]) }
            let k1 = ItemVectors.bm25K1
            return Float(rating * (k1 + 1) / (k1 * lengths[item] + rating) * idf[user])
        }
    }
}

extension SparseRows {
    /// Replaces each value by its value under `weighting`, the row being the
    /// user and the column the item, in place: a prepared input's part
    /// weighs its copy of the readers' rows without a second array.
    mutating func weigh(with weighting: ItemVectors.Weighting) {
        let offsets = self.offsets
        entries.withUnsafeMutableBufferPointer { entries in
            for user in 0..<offsets.count - 1 {
                for index in Int(offsets[user])..<Int(offsets[user + 1]) {
                    entries[index].value = weighting(entries[index].value, user: user, item: Int(entries[index].column))
                }
            }
        }
    }

    /// The entries with each value replaced by `transform(row, entry)`, computed on `threads` workers.
    @inline(__always)
    func mappingValues(threads: Int, _ transform: @Sendable (Int, SparseEntry) -> Float) -> [SparseEntry] {
        [SparseEntry](unsafeUninitializedCapacity: entryCount) { buffer, count in
            let out = SendableBuffer(buffer)
            Parallel.forEachWorker(count: rowCount, blockSize: 1024, threads: threads) { _, work in
                for block in work {
                    for row in block.range {
                        for index in range(of: row) {
                            let entry = entries[index]
                            out.initialize(index, to: SparseEntry(column: entry.column, value: transform(row, entry)))
                        }
                    }
                }
            }
            count = entryCount
        }
    }
}
