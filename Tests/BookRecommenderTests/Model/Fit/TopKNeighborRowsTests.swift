import Testing

@testable import BookRecommender

@Suite struct TopKNeighborRowsTests {
    /// Rows offered in any split keep the same best neighbours, ties broken
    /// by the neighbour's key rank (not its number), appended best first;
    /// the selection is empty afterwards, so the next book starts clean.
    @Test func keepsEachBooksBestAcrossRowsAndStartsTheNextBookEmpty() {
        // Neighbour n has key rank keyRank[n]: books 2 and 5 tie at 0.8, and 5 sorts first by key.
        let keyRank: [Int32] = [4, 0, 3, 1, 5, 2]
        let candidates = [
            SparseEntry(column: 0, value: 0.3), SparseEntry(column: 2, value: 0.8),
            SparseEntry(column: 1, value: 0.1), SparseEntry(column: 5, value: 0.8),
            SparseEntry(column: 3, value: 0.6), SparseEntry(column: 4, value: 0.2),
        ]
        for split in 0...candidates.count {
            var best = TopK(capacity: 3)
            best.offer(neighbors: candidates[..<split], keyRank: keyRank)
            best.offer(neighbors: candidates[split...], keyRank: keyRank)
            var entries = [SparseEntry(column: 9, value: 9)]
            #expect(best.takeBestFirst(into: &entries) == 3, "split \(split)")
            #expect(entries.map(\.column) == [9, 5, 2, 3], "split \(split)")
            #expect(entries.map(\.value) == [9, 0.8, 0.8, 0.6], "split \(split)")
            #expect(best.count == 0)
            best.offer(neighbors: candidates[4...4], keyRank: keyRank)
            #expect(best.takeBestFirst(into: &entries) == 1)
            #expect(entries.last?.column == 3)
        }
    }
}
