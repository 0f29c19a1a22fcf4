import Testing

@testable import BookRecommender

@Suite struct RatingMatrixTests {
    @Test func laterRatingOfTheSameBookWins() {
        // u0 rates A three times (1, then 5, then 2) interleaved with other entries.
        let data = ratingData(
            keys: ["A", "B", "C"], users: 2,
            ratings: [(0, 0, 1), (1, 0, 3), (0, 2, 4), (0, 0, 5), (1, 1, 2), (0, 0, 2), (1, 0, 1)])
        let matrix = RatingMatrix(data)
        #expect(matrix.ratingsKept == 4)
        #expect(matrix.duplicatesReplaced == 3)
        #expect(matrix.byUser.offsets == [0, 2, 4])
        #expect(matrix.byUser.entries.map(\.column) == [0, 2, 0, 1])
        #expect(matrix.byUser.entries.map(\.value) == [2, 4, 1, 2])
        // By item: A ← u0 (2), u1 (1); B ← u1 (2); C ← u0 (4).
        #expect(matrix.byItem.offsets == [0, 2, 3, 4])
        #expect(matrix.byItem.entries.map(\.column) == [0, 1, 1, 0])
        #expect(matrix.byItem.entries.map(\.value) == [2, 1, 2, 4])
        let model = CollaborativeFilter().fit(data)
        #expect(model.ratings(of: 0).map(\.item) == [0, 2])
        #expect(model.ratings(of: 0).map(\.rating) == [2, 4])
        #expect(model.duplicatesReplaced == 3)
        #expect(model.ratingsKept == 4)
    }

    @Test func shelvesAreSortedSetsPerUser() {
        let data = ratingData(
            keys: ["A", "B", "C"], users: 3, ratings: [(0, 0, 3)],
            shelf: [(2, 2), (0, 1), (2, 0), (2, 2), (0, 1)])
        let matrix = RatingMatrix(data)
        #expect(matrix.shelves.offsets == [0, 1, 1, 3])
        #expect(matrix.shelves.entries.map(\.column) == [1, 0, 2])
        #expect(matrix.duplicatesReplaced == 0)
    }

    @Test func keyRankFollowsSortedKeys() {
        let matrix = RatingMatrix(ratingData(keys: ["9780", "0001", "5555"], users: 0, ratings: []))
        #expect(matrix.keyRank == [2, 0, 1])
        #expect(matrix.itemAtRank == [1, 2, 0])
    }

    @Test func emptyDataFitsAndRecommendsNothing() {
        var data = RatingData()
        data.userIDs = ["lonely"]
        let picks = CollaborativeFilter().fit(data).recommendAll()
        #expect(picks == [[]])
    }
}

/// `SparseRows.grouping` takes a per-row sort when the rows come grouped and
/// two counting sorts otherwise; both must give the same matrix.
@Suite struct GroupingPathTests {
    @Test(arguments: [1, 3])
    func groupedAndInterleavedInputGiveTheSameMatrix(threads: Int) {
        var random = SeededRandom(seed: 11)
        // 40 users; some rate a few of 300 books, some most of 50, some the same book repeatedly.
        var triples: [(row: Int32, column: Int32, value: Float)] = []
        for user in 0..<40 {
            let (count, columns) = user % 3 == 0 ? (random.below(6), 300) : (20 + random.below(40), 50)
            for _ in 0..<count {
                triples.append((Int32(user), Int32(random.below(columns)), Float(1 + random.below(5))))
            }
        }
        // Interleaved: a stable sort by column keeps each (row, column)'s repeats in input order.
        let interleaved = triples.enumerated().sorted {
            ($0.element.column, $0.offset) < ($1.element.column, $1.offset)
        }
        .map(\.element)
        #expect(zip(interleaved, interleaved.dropFirst()).contains { $0.row > $1.row })
        let (grouped, replaced) = group(triples, threads: threads)
        let (other, otherReplaced) = group(interleaved, threads: threads)
        #expect(replaced > 0)
        #expect(replaced == otherReplaced)
        #expect(grouped.offsets == other.offsets)
        #expect(grouped.entries == other.entries)
        for row in 0..<grouped.rowCount {
            let columns = grouped.entries[grouped.range(of: row)].map(\.column)
            #expect(columns == Array(Set(columns)).sorted())
        }
    }

    @Test func inGroupedRowsTheLaterRatingWins() {
        // u0: A=1, C=4, A=5, A=2; u1: A=3, B=2, A=1. Rows never decrease.
        let result = SparseRows.grouping(
            rows: [0, 0, 0, 0, 1, 1, 1], columns: [0, 2, 0, 0, 0, 1, 0], values: [1, 4, 5, 2, 3, 2, 1],
            rowCount: 2, columnCount: 3, threads: 2)
        #expect(result.replaced == 3)
        #expect(result.matrix.offsets == [0, 2, 4])
        #expect(result.matrix.entries.map(\.column) == [0, 2, 0, 1])
        #expect(result.matrix.entries.map(\.value) == [2, 4, 1, 2])
    }

    private func group(_ triples: [(row: Int32, column: Int32, value: Float)], threads: Int) -> (SparseRows, Int) {
        let result = SparseRows.grouping(
            rows: triples.map(\.row), columns: triples.map(\.column), values: triples.map(\.value),
            rowCount: 40, columnCount: 300, threads: threads)
        return (result.matrix, result.replaced)
    }
}
