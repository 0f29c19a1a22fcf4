import Testing

@testable import BookRecommender

@Suite struct TopKTests {
    @Test func keepsTheBestInAnyArrivalOrder() {
        let entries: [(Float, Int32)] = [(0.5, 4), (0.9, 7), (0.5, 2), (0.1, 0), (0.9, 3), (0.7, 1)]
        var random = SeededRandom(seed: 7)
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
