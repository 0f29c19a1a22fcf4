import Testing

@testable import BookRecommender

/// The sparse kernel, finding pairs from both books or each pair once,
/// against a straightforward computation: every pair's sums over users in
/// ascending order, every item's candidates sorted by (similarity, key
/// rank). The lists must agree bit for bit, for any range
/// of books per accumulator (down to a single book, so every row crosses many
/// ranges) and any thread count.
@Suite struct NeighborFinderTests {
    /// Wider than it is deep: 2,500 books, most with a handful of raters.
    private static let data = syntheticData(users: 300, items: 2_500, seed: 0x51DE)

    @Test(arguments: [1, 3, 64, 1_000, 100_000], [1, 2, 3])
    func sameListsAsAReferenceComputation(columnsPerBlock: Int, threads: Int) {
        let matrix = RatingMatrix(Self.data, threads: threads)
        for similarity in Similarity.itemItem {
            let options = options {
                $0.similarity = similarity
                $0.threads = threads
                $0.neighbors = 9
                $0.shrinkage = similarity == .cosine ? 3 : 0
                $0.threshold = similarity == .pearson ? -1 : 0.001
            }
            let expected = Self.reference(matrix: matrix, options: options)
            // Finding each pair once works for every similarity; only BM25 has bounds to hand pairs over by.
            let kernels: [ItemNeighbors.Kernel] = [
                .sparse(columnsPerBlock: columnsPerBlock), .sparseOnce(columnsPerBlock: columnsPerBlock),
            ]
            for kernel in kernels {
                let lists = ItemNeighbors(matrix: matrix, options: options, kernel: kernel).lists
                #expect(lists.entryCount > 0)
                #expect(lists.offsets == expected.offsets, "\(similarity) \(kernel)")
                #expect(lists.entries == expected.entries, "\(similarity) \(kernel)")
            }
        }
    }

    @Test func rangesFillTheAccumulatorBudget() {
        #expect(NeighborFinder.columns(itemCount: 300) == 300)
        #expect(NeighborFinder.columns(itemCount: 1_000_000) == 32_768)
    }

    /// Every item's neighbours the slow way: a dictionary of pair sums per
    /// item, users in ascending order.
    static func reference(matrix: RatingMatrix, options: ModelOptions) -> SparseRows {
        let vectors = ItemVectors(matrix: matrix, similarity: options.similarity)
        var sums = [[Int: NeighborFinder.PairSum]](repeating: [:], count: matrix.itemCount)
        for user in 0..<matrix.userCount {
            let row = vectors.userEntries[matrix.byUser.range(of: user)]
            for a in row {
                for b in row where b.column != a.column {
                    var sum = sums[Int(a.column)][Int(b.column), default: .init(dot: 0, common: 0)]
                    sum.dot += a.value * b.value
                    sum.common += 1
                    sums[Int(a.column)][Int(b.column)] = sum
                }
            }
        }
        var offsets: [Int32] = [0]
        var entries: [SparseEntry] = []
        for item in 0..<matrix.itemCount {
            let candidates = sums[item].map { other, sum in
                let value = NeighborFinder.similarity(
                    of: sum, norms: vectors.norms[item], vectors.norms[other], similarity: options.similarity,
                    shrinkage: options.shrinkage)
                return (other: other, value: value)
            }
            let kept = candidates.filter { $0.value >= options.threshold }.sorted { x, y in
                x.value != y.value ? x.value > y.value : matrix.keyRank[x.other] < matrix.keyRank[y.other]
            }
            entries += kept.prefix(options.neighbors).map { SparseEntry(column: Int32($0.other), value: $0.value) }
            offsets.append(Int32(entries.count))
        }
        return SparseRows(offsets: offsets, entries: entries)
    }
}
