import Testing

@testable import BookRecommender

/// `CountingSort` must give exactly a stable sort by key, placing directly
/// (few keys) or through buckets (many keys), for any slicing and thread count.
@Suite struct CountingSortTests {
    /// `(key, emission index)` pairs sorted by key, then emission order: what a stable sort gives.
    private func reference(_ keys: [Int32]) -> [(Int32, Int)] {
        keys.enumerated().map { ($0.element, $0.offset) }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    }

    private func counted(_ keys: [Int32], keyCount: Int, slices: Int, threads: Int) -> (
        offsets: [Int32], elements: [Int]
    ) {
        let cuts = (0...slices).map { keys.count * $0 / slices }
        return CountingSort.sort(
            slices: (0..<slices).map { cuts[$0]..<cuts[$0 + 1] }, keyCount: keyCount, threads: threads
        ) { slice, emit in
            for index in slice { emit(keys[index], index) }
        }
    }

    @Test(arguments: [
        (keyCount: 1_000, count: 20_000),  // placed directly
        (keyCount: 1 << 16, count: 3_000),  // the most keys placed directly, most never seen
        (keyCount: (1 << 16) + 1, count: 3_000),  // bucketed, the last bucket one key wide
        (keyCount: 300_000, count: 200_000),  // bucketed, 293 keys a bucket
    ])
    func matchesAStableSort(keyCount: Int, count: Int) {
        var random = SeededRandom(seed: UInt64(keyCount))
        // Skewed: half the elements on a few keys, so buckets differ widely in size.
        let keys = (0..<count).map { index in
            Int32(index % 2 == 0 ? random.below(8) * (keyCount / 8) : random.below(keyCount))
        }
        let expected = reference(keys)
        for (slices, threads) in [(1, 1), (3, 1), (3, 2), (7, 4)] {
            let (offsets, elements) = counted(keys, keyCount: keyCount, slices: slices, threads: threads)
            #expect(elements == expected.map(\.1), "slices \(slices), threads \(threads)")
            #expect(offsets.count == keyCount + 1)
            for key in [0, keyCount / 8, keyCount / 2, keyCount - 1] {
                let range = Int(offsets[key])..<Int(offsets[key + 1])
                #expect(range.count == keys.filter { $0 == key }.count, "key \(key)")
                #expect(elements[range].allSatisfy { keys[$0] == key }, "key \(key)")
            }
        }
    }

    /// About 1,024 buckets, each key's offset within its bucket fitting the 2-byte key kept per element.
    @Test func bucketsStayFewAndTheirKeysFitTwoBytes() {
        #expect(CountingSort.bucketShift(keyCount: 1_000_000) == 10)
        #expect(CountingSort.bucketShift(keyCount: 1 << 20) == 10)
        #expect(CountingSort.bucketShift(keyCount: (1 << 20) + 1) == 11)
        #expect(CountingSort.bucketShift(keyCount: 1 << 26) == 16)
        #expect(CountingSort.bucketShift(keyCount: 1 << 30) == 16)
    }

    @Test func nothingToSort() {
        let (offsets, elements) = counted([], keyCount: 100_000, slices: 2, threads: 2)
        #expect(elements.isEmpty)
        #expect(offsets.count == 100_001 && offsets.allSatisfy { $0 == 0 })
    }
}
