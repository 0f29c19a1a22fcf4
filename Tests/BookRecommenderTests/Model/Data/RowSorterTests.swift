import Testing

@testable import BookRecommender

/// `RowSorter` must give exactly `sorted()` on every path (bitmap, repeats,
/// sparse) and leave its scratch clean for the next row.
@Suite struct RowSorterTests {
    /// `count` keys `column << 32 | position` with columns drawn below `columns`.
    private func row(count: Int, columns: Int, unique: Bool, random: inout SeededRandom) -> [UInt64] {
        var pool = Array(0..<columns)
        var drawn: [Int] = []
        for index in 0..<count {
            if unique {
                let pick = index + random.below(columns - index)
                pool.swapAt(index, pick)
                drawn.append(pool[index])
            } else {
                drawn.append(random.below(columns))
            }
        }
        return drawn.enumerated().map { UInt64($0.element) << 32 | UInt64($0.offset) }
    }

    private func sorted(_ keys: [UInt64], by sorter: borrowing RowSorter) -> [UInt64] {
        var keys = keys
        keys.withUnsafeMutableBufferPointer { sorter.sort($0) }
        return keys
    }

    @Test func everyPathMatchesAPlainSort() {
        var random = SeededRandom(seed: 7)
        let sorter = RowSorter(columnCount: 1000)
        // Dense and unique (bitmap), dense with repeats, sparse over the columns
        // (comparison sort), in turn, so each row follows a different path.
        for round in 0..<60 {
            let keys: [UInt64]
            switch round % 3 {
            case 0: keys = row(count: 20 + random.below(200), columns: 1000, unique: true, random: &random)
            case 1: keys = row(count: 40 + random.below(200), columns: 60, unique: false, random: &random)
            default: keys = row(count: 1 + random.below(5), columns: 1000, unique: true, random: &random)
            }
            #expect(sorted(keys, by: sorter) == keys.sorted(), "round \(round)")
        }
    }

    @Test func aRepeatFoundLateLeavesNoBitsBehind() {
        let sorter = RowSorter(columnCount: 64)
        // Columns 0…39 are marked before the repeat of 5 is seen at the end.
        let repeated: [UInt64] = (0..<40).map { UInt64($0) << 32 | UInt64($0) } + [5 << 32 | 40]
        #expect(sorted(repeated, by: sorter) == repeated.sorted())
        // Columns 40…63 only: a bit of the first row left set would be read back into this row.
        let next: [UInt64] = (40..<64).reversed().map { UInt64($0) << 32 | UInt64(63 - $0) }
        #expect(sorted(next, by: sorter) == next.sorted())
    }
}
