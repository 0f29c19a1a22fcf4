import Foundation
import Testing

@testable import BookRecommender

/// Local EASE: its regressions against a direct solve, its lists for any
/// thread count, its scores, and when `auto` chooses it.
@Suite struct LocalEASETests {
    private static let data = syntheticData(users: 400, items: 60, seed: 0xEA5E)

    @Test func ridgeSolverSolvesASmallSystem() {
        // (A + 1·I) w = b with A = [[3, 1], [1, 2]], b = [9, 8]: [[4, 1], [1, 3]] w = [9, 8] → w = [19/11, 23/11].
        var solver = RidgeSolver(capacity: 4)
        let a: [[Double]] = [[3, 1], [1, 2]]
        let b: [Double] = [9, 8]
        let w = solver.solve(size: 2, lambda: 1) { row, column in column < 0 ? b[row] : a[row][column] }
        #expect(abs(w[0] - 19.0 / 11) < 1e-12 && abs(w[1] - 23.0 / 11) < 1e-12)
        #expect(solver.solve(size: 0, lambda: 1) { _, _ in 0 }.isEmpty)
    }

    /// With a neighbourhood as large as the catalog, each book's weights are
    /// full EASE's ridge regression on all other books: checked against
    /// Gaussian elimination on the Gram matrix built here from the strengths.
    @Test func weightsAreTheRidgeRegressionOnTheNeighbours() {
        let data = syntheticData(users: 150, items: 12, seed: 7)
        let matrix = RatingMatrix(data)
        let lists = LocalEASE.neighborLists(matrix: matrix, options: options { $0.similarity = .ease })
        let gram = EASEGram(matrix: matrix, threads: 1)
        let n = gram.count
        let lambda = LocalEASE.ridge * gram.meanSquare
        #expect(n == 12)
        for j in 0..<n {
            // Every other book that shares a reader with j is among its neighbours (12 < 200).
            let others = (0..<n).filter { $0 != j && gram[j, $0] > 0 }
            var system = others.map { a in others.map { b in Double(gram[a, b]) + (a == b ? lambda : 0) } }
            var rhs = others.map { Double(gram[$0, j]) }
            let expected = Self.solve(&system, &rhs)
            for (index, k) in others.enumerated() {
                let row = lists.entries[lists.range(of: Int(gram.items[k]))]
                let weight = row.first { $0.column == gram.items[j] }?.value
                #expect(weight.map { abs(Double($0) - expected[index]) < 1e-4 } ?? (expected[index] == 0))
            }
        }
    }

    @Test(arguments: [2, 3, 5])
    func listsAreTheSameForAnyThreadCount(threads: Int) {
        let matrix = RatingMatrix(Self.data)
        let one = LocalEASE.neighborLists(
            matrix: matrix,
            options: options {
                $0.similarity = .ease; $0.threads = 1
            })
        let many = LocalEASE.neighborLists(
            matrix: matrix,
            options: options {
                $0.similarity = .ease; $0.threads = threads
            })
        #expect(one.entryCount > 0)
        #expect(one.offsets == many.offsets && one.entries == many.entries)
    }

    @Test func listsAreBestFirstAndNeverTheBookItself() {
        let matrix = RatingMatrix(Self.data)
        let lists = LocalEASE.neighborLists(matrix: matrix, options: options { $0.similarity = .ease })
        for item in 0..<matrix.itemCount {
            let row = lists.entries[lists.range(of: item)]
            #expect(!row.contains { Int($0.column) == item })
            #expect(zip(row, row.dropFirst()).allSatisfy { $0.value >= $1.value })
        }
    }

    /// A reader's score for a book is `Σ strength · weight` over their books,
    /// and no book they have is picked.
    @Test func picksScoreTheReadersStrengths() {
        var options = options { $0.similarity = .ease }
        options.top = 5
        let model = CollaborativeFilter(options: options).fit(Self.data)
        #expect(model.options.similarity == .ease)
        let picks = model.recommendAll()
        for user in [0, 7, 42] {
            let had = model.ratings(of: Int32(user))
            for pick in picks[user] where !pick.fallback {
                #expect(!had.contains { $0.item == pick.item })
                var score: Float = 0
                for (item, value) in had {
                    let weight = model.neighbors(of: item).first { $0.item == pick.item }?.similarity ?? 0
                    score += LocalEASE.strength(value) * weight
                }
                #expect(abs(score - pick.score) <= 1e-4 * max(1, abs(score)))
            }
        }
    }

    @Test func autoChoosesEASEForReadersWithManyBooksAndLongBM25ListsForSparseOnes() {
        let dense = syntheticData(users: 80, items: 400, seed: 3)
        let rows = RatingMatrix(dense).byUser
        #expect(Double(rows.entryCount) / Double(rows.rowCount) >= LocalEASE.suitingBooksPerReader)
        let denseFit = CollaborativeFilter(options: ModelOptions()).fit(dense)
        #expect(denseFit.options.similarity == .ease)
        // Three books a reader: too few for EASE to beat item-item.
        var ratings: [(user: Int32, item: Int32, rating: Float)] = []
        for index in 0..<180 {
            ratings.append((Int32(index / 3), Int32((index * 7) % 30), Float(1 + index % 5)))
        }
        let sparse = ratingData(keys: (0..<30).map { "b\($0)" }, users: 60, ratings: ratings)
        let sparseFit = CollaborativeFilter(options: ModelOptions()).fit(sparse)
        #expect(sparseFit.options.similarity == .bm25)
        #expect(sparseFit.options.neighbors == AutoFilter.sparseNeighbors)
        #expect(sparseFit.options.shrinkage == AutoFilter.sparseShrinkage)
        // What the user gave stays, on sparse data too.
        var given = ModelOptions()
        given.neighbors = 12
        given.shrinkage = 0
        let givenFit = CollaborativeFilter(options: given).fit(sparse)
        #expect(givenFit.options.similarity == .bm25)
        #expect(givenFit.options.neighbors == 12 && givenFit.options.shrinkage == 0)
        // Only auto chooses: bm25 asked for by name keeps the general defaults.
        var bm25 = ModelOptions()
        bm25.similarity = .bm25
        let bm25Fit = CollaborativeFilter(options: bm25).fit(sparse)
        #expect(bm25Fit.options.neighbors == 64 && bm25Fit.options.shrinkage == 20)
    }

    /// Gaussian elimination with partial pivoting, for the reference solution.
    private static func solve(_ a: inout [[Double]], _ b: inout [Double]) -> [Double] {
        let n = b.count
        for column in 0..<n {
            let pivot = (column..<n).max { abs(a[$0][column]) < abs(a[$1][column]) } ?? column
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            for row in column + 1..<n {
                let factor = a[row][column] / a[column][column]
                for k in column..<n { a[row][k] -= factor * a[column][k] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in row + 1..<n { sum -= a[row][k] * x[k] }
            x[row] = sum / a[row][row]
        }
        return x
    }
}
