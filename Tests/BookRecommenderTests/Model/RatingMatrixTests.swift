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
        let model = Recommender().fit(data)
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
        let picks = Recommender().fit(data).recommendAll()
        #expect(picks == [[]])
    }
}
