import Testing

@testable import BookRecommender

/// The dense item-block kernel against the sparse one: same neighbours and
/// similarities bit for bit, for any thread count, and chosen only where it is cheaper.
@Suite struct DenseBlockFinderTests {
    private static let data = syntheticData(users: 1_500, items: 300, seed: 0xB10C)

    @Test(arguments: Similarity.itemItem, [1, 2, 3])
    func sameListsAsTheSparseKernel(similarity: Similarity, threads: Int) {
        let matrix = RatingMatrix(Self.data, threads: threads)
        let options = options {
            $0.similarity = similarity
            $0.threads = threads
            $0.neighbors = 12
        }
        let dense = ItemNeighbors(matrix: matrix, options: options, kernel: .denseBlocks(itemsPerBlock: 32)).lists
        let sparse = ItemNeighbors(matrix: matrix, options: options, kernel: .sparse(columnsPerBlock: 64)).lists
        #expect(dense.entryCount > 0)
        #expect(dense.offsets == sparse.offsets)
        #expect(dense.entries == sparse.entries)
    }

    /// Shrinkage needs the co-rater count; a threshold of 0 or below keeps
    /// pairs whose dot product is 0 or negative, which the dense kernel must
    /// still offer.
    @Test(arguments: Similarity.itemItem, [1, 2, 3])
    func sameListsWithShrinkageAndAnyThreshold(similarity: Similarity, threads: Int) {
        let matrix = RatingMatrix(Self.data, threads: threads)
        for (shrinkage, threshold) in [(Float(20), Float(0.001)), (5, 0), (0, -1)] {
            let options = options {
                $0.similarity = similarity
                $0.threads = threads
                $0.neighbors = 12
                $0.shrinkage = shrinkage
                $0.threshold = threshold
            }
            let dense = ItemNeighbors(matrix: matrix, options: options, kernel: .denseBlocks(itemsPerBlock: 32)).lists
            let sparse = ItemNeighbors(matrix: matrix, options: options, kernel: .sparse(columnsPerBlock: 64)).lists
            let single = ItemNeighbors(
                matrix: matrix, options: options.with(threads: 1), kernel: .denseBlocks(itemsPerBlock: 7)
            ).lists
            #expect(dense.entryCount > 0)
            #expect(dense.offsets == sparse.offsets)
            #expect(dense.entries == sparse.entries)
            #expect(single.entries == sparse.entries)
        }
    }

    @Test(arguments: [1, 7, 128, 1_000])
    func anyBlockSizeGivesTheSameLists(itemsPerBlock: Int) {
        let matrix = RatingMatrix(Self.data, threads: 2)
        let options = options { $0.threads = 2 }
        let reference = ItemNeighbors(matrix: matrix, options: options, kernel: .sparse(columnsPerBlock: 64)).lists
        let dense = ItemNeighbors(matrix: matrix, options: options, kernel: .denseBlocks(itemsPerBlock: itemsPerBlock))
        #expect(dense.lists.entries == reference.entries)
    }

    @Test func blocksFillTheAccumulatorBudget() {
        #expect(ItemNeighbors.denseBlockSize(itemCount: 300) == 128)
        #expect(ItemNeighbors.denseBlockSize(itemCount: 10_000) == 52)
        #expect(ItemNeighbors.denseBlockSize(itemCount: 100_000) == 5)
        #expect(ItemNeighbors.denseBlockSize(itemCount: 10_000_000) == 1)
    }

    @Test func appliesOnlyWhereItIsCheaper() {
        #expect(ItemNeighbors.denseApplies(matrix: RatingMatrix(Self.data)))
        // Ten users with two ratings each over 300 books: scanning 300²/2 cells costs more than 10 pairs.
        var ratings: [(user: Int32, item: Int32, rating: Float)] = []
        for user in Int32(0)..<10 { ratings += [(user, user, 4), (user, 299 - user, 5)] }
        let sparse = ratingData(keys: (0..<300).map { "k\($0)" }, users: 10, ratings: ratings)
        #expect(!ItemNeighbors.denseApplies(matrix: RatingMatrix(sparse)))
    }
}

extension ModelOptions {
    /// A copy with `threads` workers.
    fileprivate func with(threads: Int) -> ModelOptions {
        var copy = self
        copy.threads = threads
        return copy
    }
}

/// The dense kernel's renumbering: books by rater count, most rated first
/// (ties by index), each reader's row under the new numbers, ascending.
@Suite struct DenseInputTests {
    @Test func booksAreNumberedByRaterCount() {
        // Raters: A 1, B 3, C 2, D 3 → order B, D, C, A.
        let data = ratingData(
            keys: ["A", "B", "C", "D"], users: 3,
            ratings: [
                (0, 0, 1), (0, 1, 2), (0, 3, 3), (1, 1, 4), (1, 2, 5), (1, 3, 1), (2, 1, 2), (2, 2, 3), (2, 3, 4),
            ])
        let matrix = RatingMatrix(data)
        let vectors = ItemVectors(matrix: matrix, similarity: .cosine)
        let input = DenseInput(matrix: matrix, vectors: vectors, threads: 2)
        #expect(input.order == [1, 3, 2, 0])
        #expect(input.keyRank == input.order.map { matrix.keyRank[Int($0)] })
        #expect(input.norms == input.order.map { vectors.norms[Int($0)] })
        // u0 rated A=1, B=2, D=3 → numbers 3, 0, 1 → ascending 0 (B), 1 (D), 3 (A).
        let u0 = input.users.entries[input.users.range(of: 0)]
        #expect(u0.map(\.column) == [0, 1, 3])
        #expect(u0.map(\.value) == [2, 3, 1])
        #expect(input.users.offsets == matrix.byUser.offsets)
    }
}
