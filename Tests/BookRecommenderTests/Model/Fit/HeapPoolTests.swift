import Testing

@testable import BookRecommender

@Suite struct HeapPoolTests {
    @Test func keepsEachItemsBestInAnyOfferOrder() {
        let offers: [(item: Int, score: Float, rank: Int32)] = [
            (2, 0.5, 4), (0, 0.9, 1), (2, 0.9, 7), (2, 0.5, 2), (2, 0.1, 0), (2, 0.9, 3), (0, 0.2, 5),
        ]
        var random = SeededRandom(seed: 11)
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
