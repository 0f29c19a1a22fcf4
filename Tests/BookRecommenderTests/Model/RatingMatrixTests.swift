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

@Suite struct TopKTests {
    @Test func keepsTheBestInAnyArrivalOrder() {
        let entries: [(Float, Int32)] = [(0.5, 4), (0.9, 7), (0.5, 2), (0.1, 0), (0.9, 3), (0.7, 1)]
        var random = SplitMix64(seed: 7)
        for _ in 0..<20 {
            var heap = TopK(capacity: 4)
            for entry in entries.shuffled(using: &random) {
                heap.insert(score: entry.0, rank: entry.1, payload: entry.1 * 10)
            }
            heap.sortBestFirst()
            let kept = (0..<heap.count).map { heap.entry(at: $0) }
            #expect(kept.map(\.score) == [0.9, 0.9, 0.7, 0.5])
            #expect(kept.map(\.rank) == [3, 7, 1, 2])
            #expect(kept.map(\.payload) == [30, 70, 10, 20])
        }
    }

    @Test func zeroCapacityKeepsNothing() {
        var heap = TopK(capacity: 0)
        #expect(!heap.accepts(score: 1, rank: 0))
        heap.insert(score: 1, rank: 0, payload: 0)
        #expect(heap.count == 0)
    }
}

@Suite struct ItemSetTests {
    @Test func holdsExactlyItsItems() {
        let set = ItemSet([3, 64, 3, -2, 130])
        #expect(set.count == 3)
        #expect(
            [0, 3, 63, 64, 65, 130, 131, 10_000, -2].map { set.contains($0) }
                == [false, true, false, true, false, true, false, false, false])
    }
}

@Suite struct HeapPoolTests {
    @Test func keepsEachItemsBestInAnyOfferOrder() {
        let offers: [(item: Int, score: Float, rank: Int32)] = [
            (2, 0.5, 4), (0, 0.9, 1), (2, 0.9, 7), (2, 0.5, 2), (2, 0.1, 0), (2, 0.9, 3), (0, 0.2, 5),
        ]
        var random = SplitMix64(seed: 11)
        for _ in 0..<20 {
            var pool = HeapPool(itemCount: 4, capacity: 3)
            for offer in offers.shuffled(using: &random) {
                pool.offer(item: offer.item, score: offer.score, rank: offer.rank)
            }
            var kept: [[Int32]] = Array(repeating: [], count: 4)
            for item in 0..<4 { pool.forEach(of: item) { _, rank in kept[item].append(rank) } }
            #expect(kept.map { $0.sorted() } == [[1, 5], [], [2, 3, 7], []])
        }
    }
}
