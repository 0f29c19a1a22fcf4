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

    /// `mayAccept` turns away only scores below the worst kept, and agrees
    /// with `accepts` for every rank at any other score.
    @Test func mayAcceptTurnsAwayOnlyWhatNoRankCouldKeep() {
        var heap = TopK(capacity: 3)
        #expect(heap.mayAccept(score: -1))
        for (score, rank) in [(Float(0.5), Int32(5)), (0.8, 1), (0.6, 3)] {
            heap.insert(score: score, rank: rank, payload: rank)
        }
        #expect(!heap.mayAccept(score: 0.4))
        #expect(heap.mayAccept(score: 0.5) && heap.accepts(score: 0.5, rank: 4) && !heap.accepts(score: 0.5, rank: 6))
        for score: Float in [0.3, 0.5, 0.7, 0.9] {
            let anyRank = (0..<10).contains { heap.accepts(score: score, rank: Int32($0)) }
            #expect(heap.mayAccept(score: score) == anyRank, "score \(score)")
        }
    }

    @Test func zeroCapacityKeepsNothing() {
        var heap = TopK(capacity: 0)
        #expect(!heap.mayAccept(score: 1))
        #expect(!heap.accepts(score: 1, rank: 0))
        heap.insert(score: 1, rank: 0, payload: 0)
        #expect(heap.count == 0)
    }
}
