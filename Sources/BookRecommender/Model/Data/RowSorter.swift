/// One worker's scratch for sorting a row's `column << 32 | input` keys by
/// column, then input.
///
/// A comparison sort of a hundred random keys costs about 30 ns a key. When
/// the row holds each column at most once and is dense enough that its
/// columns' bitmap is at most four words per key, the row is instead marked
/// in a bitmap and read back in column order: a few ns a key. Other rows
/// (with repeats, or sparse over many columns) take the comparison sort.
struct RowSorter: ~Copyable {
    private let words: ScratchArray<UInt64>
    /// `input[column]`: the input of `column` in the current row, valid where its bit is set.
    private let input: ScratchArray<UInt32>

    init(columnCount: Int) {
        words = ScratchArray(count: (columnCount + 63) / 64, filledWith: 0)
        input = ScratchArray(count: columnCount, filledWith: 0)
    }

    /// Sorts `keys` (each `column << 32 | input`, columns below `columnCount`) in place.
    func sort(_ keys: UnsafeMutableBufferPointer<UInt64>) {
        guard keys.count > 1 else { return }
        if words.count <= 32 * keys.count && markColumns(keys) {
            readBack(into: keys)
        } else {
            var keys = keys
            keys.sort()
        }
    }

    /// Sets each key's column bit; false (with every bit cleared again) when a column repeats.
    private func markColumns(_ keys: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        for (position, key) in keys.enumerated() {
            let column = Int(key >> 32)
            let bit: UInt64 = 1 << UInt64(column & 63)
            guard words[column >> 6] & bit == 0 else {
                for earlier in keys[..<position] { words[Int(earlier >> 32) >> 6] = 0 }
                return false
            }
            words[column >> 6] |= bit
            input[column] = UInt32(truncatingIfNeeded: key)
        }
        return true
    }

    /// Writes the marked columns back in ascending order and clears their bits.
    private func readBack(into keys: UnsafeMutableBufferPointer<UInt64>) {
        var target = 0
        for word in 0..<words.count where words[word] != 0 {
            var bits = words[word]
            words[word] = 0
            while bits != 0 {
                let column = word << 6 | bits.trailingZeroBitCount
                keys[target] = UInt64(column) << 32 | UInt64(input[column])
                target += 1
                bits &= bits - 1
            }
        }
    }
}
