import Testing

@testable import BookRecommender

/// The bound each book's selection starts at (`ListFloor`), and which a pair
/// must reach to be handed to a book (`BookFloors`), must never turn away a
/// neighbour the book keeps: on a wide catalog with heavy readers and many
/// equal ratings (so equal values sit at the bound), BM25's lists with the
/// bound equal a straightforward computation and the dense kernel's, bit for
/// bit, at any range width and thread count, finding pairs from both books
/// or once; and the bound lies at or below the last similarity of every
/// full list.
@Suite struct ListFloorTests {
    /// 3,000 books, 90 readers: a dozen rate 40–240 books, the rest 2–15,
    /// with whole-star ratings only.
    private static let data: RatingData = {
        var random = SeededRandom(seed: 0xF1_00)
        let items = 3_000
        var keys = (0..<items).map { "b\(String($0, radix: 5))" }
        keys.shuffle(using: &random)
        var ratings: [(user: Int32, item: Int32, rating: Float)] = []
        for user in 0..<90 {
            let count = user % 8 == 0 ? 40 + random.below(200) : 2 + random.below(14)
            for _ in 0..<count {
                let item = min(random.below(items), random.below(items), random.below(items))
                ratings.append((Int32(user), Int32(item), Float(1 + random.below(5))))
            }
        }
        return ratingData(keys: keys, users: 90, ratings: ratings)
    }()

    /// The reference lists per neighbour count, computed once for every case.
    private static let references: [Int: SparseRows] = {
        let matrix = RatingMatrix(data)
        return Dictionary(
            uniqueKeysWithValues: [1, 6, 40].map {
                ($0, NeighborFinderTests.reference(matrix: matrix, options: options(neighbors: $0)))
            })
    }()

    private static func options(neighbors: Int, threads: Int = 1) -> ModelOptions {
        var options = ModelOptions()
        options.similarity = .bm25
        options.neighbors = neighbors
        options.threads = threads
        return options
    }

    @Test(arguments: [1, 100, 100_000], [1, 2, 3])
    func sameListsAsAReferenceAndTheDenseKernel(columnsPerBlock: Int, threads: Int) {
        let matrix = RatingMatrix(Self.data, threads: threads)
        for neighbors in [1, 6, 40] {
            let options = Self.options(neighbors: neighbors, threads: threads)
            let expected = Self.references[neighbors]!
            for kernel in [
                ItemNeighbors.Kernel.sparse(columnsPerBlock: columnsPerBlock),
                .sparseOnce(columnsPerBlock: columnsPerBlock),
            ] {
                let sparse = ItemNeighbors(matrix: matrix, options: options, kernel: kernel).lists
                #expect(sparse.entryCount > 0)
                #expect(sparse.offsets == expected.offsets, "neighbors \(neighbors) \(kernel)")
                #expect(sparse.entries == expected.entries, "neighbors \(neighbors) \(kernel)")
            }
            let dense = ItemNeighbors(matrix: matrix, options: options, kernel: .denseBlocks(itemsPerBlock: 7)).lists
            #expect(dense.offsets == expected.offsets, "neighbors \(neighbors)")
            #expect(dense.entries == expected.entries, "neighbors \(neighbors)")
        }
    }

    @Test(arguments: [1, 6, 40])
    func theBoundIsAtMostTheLastKeptSimilarity(neighbors: Int) {
        let matrix = RatingMatrix(Self.data)
        let options = Self.options(neighbors: neighbors)
        let weighting = ItemVectors.Weighting(matrix: matrix, similarity: .bm25)
        let bounds = ListFloor(matrix: matrix, weighting: weighting, options: options)
            .bounds(matrix: matrix, weighting: weighting, threads: 2)
        let lists = Self.references[neighbors]!
        var bounded = 0
        var full = 0
        for (item, bound) in bounds.enumerated() {
            guard bound >= options.threshold else { continue }
            bounded += 1
            let row = lists.range(of: item)
            // A bound promises at least `neighbors` candidates at or above it.
            #expect(row.count == neighbors, "item \(item)")
            guard let last = row.last else { continue }
            full += 1
            #expect(bound <= lists.entries[last].value, "item \(item)")
        }
        // Most books read have a heavy reader, so most start from a bound.
        let read = (0..<matrix.itemCount).count { !matrix.byItem.range(of: $0).isEmpty }
        #expect(bounded > read / 2)
        #expect(full == bounded)
    }

    @Test func noBoundWhereTheSimilarityHasNorms() {
        let matrix = RatingMatrix(Self.data)
        var options = Self.options(neighbors: 6)
        options.similarity = .cosine
        let floor = ListFloor(
            matrix: matrix, weighting: ItemVectors.Weighting(matrix: matrix, similarity: .cosine), options: options)
        #expect(floor.isNone)
        #expect(floor.bounds(matrix: matrix, weighting: .identity, threads: 1).allSatisfy { $0 == -.infinity })
    }

    /// A reader whose values are negative (BM25's idf is below 0 for a reader
    /// of every book) breaks the bound's reasoning: no book gets one.
    @Test func noBoundWhereAValueIsNegative() {
        let ratings: [(user: Int32, item: Int32, rating: Float)] =
            (0..<8).map { (0, Int32($0), 4) } + [(1, 0, 5), (1, 1, 3), (2, 2, 4), (2, 3, 1)]
        let matrix = RatingMatrix(ratingData(keys: (0..<8).map { "b\($0)" }, users: 3, ratings: ratings))
        let options = Self.options(neighbors: 1, threads: 2)
        let weighting = ItemVectors.Weighting(matrix: matrix, similarity: .bm25)
        #expect(weighting(4, user: 0, item: 0) < 0)
        #expect(ListFloor(matrix: matrix, weighting: weighting, options: options).isNone)
        // Without the reader of every book, the others' rows give bounds.
        let others = RatingMatrix(
            ratingData(keys: (0..<8).map { "b\($0)" }, users: 3, ratings: Array(ratings.dropFirst(8))))
        #expect(
            !ListFloor(
                matrix: others, weighting: ItemVectors.Weighting(matrix: others, similarity: .bm25), options: options
            ).isNone)
    }

    @Test func shrinkFactorsAreTheQuotientsSimilarityTakes() {
        for shrinkage: Float in [0.5, 5, 20, 37.25] {
            let factors = ShrinkFactors(shrinkage: shrinkage)
            for common: Int32 in [1, 2, 3, 17, 255, 256, 1_000, 70_000] {
                let sum = NeighborFinder.PairSum(dot: 0.7315, common: common)
                let expected = NeighborFinder.similarity(
                    of: sum, norms: 1, 1, similarity: .bm25, shrinkage: shrinkage)
                #expect(sum.dot * factors.factor(common: common) == expected, "\(shrinkage) \(common)")
            }
        }
    }
}
