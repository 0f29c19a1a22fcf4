/// One stored entry of a sparse row: a column index and its value, side by
/// side so a row is one sequential stream in memory.
struct SparseEntry: Sendable, Equatable, BitwiseCopyable {
    var column: Int32
    var value: Float
}

/// A compressed sparse row (CSR) matrix with 32-bit column indices and values:
/// row `r` holds `entries[offsets[r]..<offsets[r + 1]]`, sorted by column,
/// each column at most once.
struct SparseRows: Sendable {
    var offsets: [Int32]
    var entries: [SparseEntry]

    var rowCount: Int { offsets.count - 1 }
    var entryCount: Int { entries.count }

    @inline(__always)
    func range(of row: Int) -> Range<Int> {
        Int(offsets[row])..<Int(offsets[row + 1])
    }

    /// Groups parallel `(row, column, value)` triples into rows sorted by
    /// column; of repeated `(row, column)` pairs only the last in input order
    /// is kept.
    ///
    /// A counting sort scatters `column << 32 | input position` keys into
    /// rows (each of `threads` workers scatters one slice of the input, behind
    /// the slices before it); the workers then sort the rows, so repeats end
    /// up adjacent in input order, and copy out the last of each. Pass
    /// `values: nil` for a pattern-only matrix (values stored as 0).
    /// - Complexity: O(n log(longest row) + threads · rowCount), with one n-sized key buffer.
    /// - Returns: the matrix and how many input entries a later repeat replaced.
    static func grouping(
        rows: [Int32], columns: [Int32], values: [Float]?, rowCount: Int, threads: Int
    ) -> (matrix: SparseRows, replaced: Int) {
        let n = rows.count
        var (inputOffsets, keys) = CountingSort.sort(
            slices: CountingSort.evenSlices(count: n, threads: threads), keyCount: rowCount, threads: threads
        ) { slice, emit in
            for input in slice { emit(rows[input], UInt64(UInt32(bitPattern: columns[input])) << 32 | UInt64(input)) }
        }
        let rowOffsets = inputOffsets
        // offsets[row + 1]: first how many distinct columns `row` keeps, then the running total.
        var offsets = [Int32](repeating: 0, count: rowCount + 1)
        let entries = keys.withUnsafeMutableBufferPointer { keyBuffer in
            let keys = SendableBuffer(keyBuffer)
            offsets.withUnsafeMutableBufferPointer { offsetBuffer in
                let kept = SendableBuffer(offsetBuffer)
                Parallel.forEachWorker(count: rowCount, blockSize: 1024, threads: threads) { _, work in
                    for block in work {
                        for row in block.range {
                            let slots = Int(rowOffsets[row])..<Int(rowOffsets[row + 1])
                            keys.sort(slots)
                            kept[row + 1] = Int32(slots.count(where: { Self.isLast(slot: $0, of: slots, in: keys) }))
                        }
                    }
                }
            }
            for row in 0..<rowCount { offsets[row + 1] += offsets[row] }
            let rowStarts = offsets
            return [SparseEntry](unsafeUninitializedCapacity: Int(rowStarts[rowCount])) { buffer, count in
                let out = SendableBuffer(buffer)
                Parallel.forEachWorker(count: rowCount, blockSize: 1024, threads: threads) { _, work in
                    for block in work {
                        for row in block.range {
                            let slots = Int(rowOffsets[row])..<Int(rowOffsets[row + 1])
                            var target = Int(rowStarts[row])
                            for slot in slots where Self.isLast(slot: slot, of: slots, in: keys) {
                                let input = Int(keys[slot] & 0xFFFF_FFFF)
                                out.initialize(
                                    target, to: SparseEntry(column: columns[input], value: values?[input] ?? 0))
                                target += 1
                            }
                        }
                    }
                }
                count = Int(rowStarts[rowCount])
            }
        }
        return (SparseRows(offsets: offsets, entries: entries), n - entries.count)
    }

    /// Whether the key in `slot` is the last of its column in the sorted `slots`.
    @inline(__always)
    private static func isLast(slot: Int, of slots: Range<Int>, in keys: SendableBuffer<UInt64>) -> Bool {
        slot + 1 == slots.upperBound || keys[slot + 1] >> 32 != keys[slot] >> 32
    }

    /// The same entries with rows and columns swapped; each new row lists its
    /// columns (the old rows) ascending.
    /// - Complexity: O(entryCount + threads · columnCount) on `threads` workers.
    func transposed(columnCount: Int, threads: Int = 1) -> SparseRows {
        let slices = rowSlices(threads: threads)
        let (offsets, transposed) = CountingSort.sort(slices: slices, keyCount: columnCount, threads: threads) {
            rows, emit in
            for row in rows {
                for entry in entries[range(of: row)] {
                    emit(entry.column, SparseEntry(column: Int32(row), value: entry.value))
                }
            }
        }
        return SparseRows(offsets: offsets, entries: transposed)
    }

    /// The rows cut into about `threads` runs holding nearly equal numbers of entries.
    private func rowSlices(threads: Int) -> [Range<Int>] {
        var slices: [Range<Int>] = []
        var start = 0
        for target in CountingSort.evenSlices(count: entryCount, threads: threads).map(\.upperBound) {
            var end = start
            while end < rowCount && Int(offsets[end + 1]) <= target { end += 1 }
            if target == entryCount { end = rowCount }
            slices.append(start..<end)
            start = end
        }
        return slices
    }
}
