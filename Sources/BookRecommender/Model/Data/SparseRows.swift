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

    init(offsets: [Int32], entries: [SparseEntry]) {
        self.offsets = offsets
        self.entries = entries
    }

    /// `rowCount` rows without entries.
    init(emptyRows rowCount: Int) {
        self.init(offsets: [Int32](repeating: 0, count: rowCount + 1), entries: [])
    }

    @inline(__always)
    func range(of row: Int) -> Range<Int> {
        Int(offsets[row])..<Int(offsets[row + 1])
    }

    /// Groups parallel `(row, column, value)` triples into rows sorted by
    /// column; of repeated `(row, column)` pairs only the last in input order
    /// is kept. Columns must lie in `0..<columnCount`.
    ///
    /// Two stable counting sorts, by column and then by row, leave each row's
    /// entries by column with repeats adjacent in input order; each of
    /// `threads` workers counts and places one slice, behind the slices before
    /// it, and the workers then copy out the last entry of each run. Pass
    /// `values: nil` for a pattern-only matrix (values stored as 0).
    /// - Complexity: O(n + threads · (rowCount + columnCount)), with two n-sized key buffers.
    /// - Returns: the matrix and how many input entries a later repeat replaced.
    static func grouping(
        rows: [Int32], columns: [Int32], values: [Float]?, rowCount: Int, columnCount: Int, threads: Int
    ) -> (matrix: SparseRows, replaced: Int) {
        let n = rows.count
        let (rowOffsets, keys) =
            Self.runOffsets(of: rows, rowCount: rowCount).map { offsets in
                (
                    offsets,
                    Self.sortedWithinRows(
                        columns: columns, offsets: offsets, columnCount: columnCount, threads: threads)
                )
            }
            ?? Self.sortedByRowThenColumn(
                rows: rows, columns: columns, rowCount: rowCount, columnCount: columnCount, threads: threads)
        // offsets[row + 1]: first how many distinct columns `row` keeps, then the running total.
        var offsets = [Int32](repeating: 0, count: rowCount + 1)
        offsets.withUnsafeMutableBufferPointer { offsetBuffer in
            let kept = SendableBuffer(offsetBuffer)
            Parallel.forEachWorker(count: rowCount, blockSize: 1024, threads: threads) { _, work in
                for block in work {
                    for row in block.range {
                        let slots = Int(rowOffsets[row])..<Int(rowOffsets[row + 1])
                        kept[row + 1] = Int32(slots.count(where: { Self.isLast(slot: $0, of: slots, in: keys) }))
                    }
                }
            }
        }
        for row in 0..<rowCount { offsets[row + 1] += offsets[row] }
        let rowStarts = offsets
        let entries = [SparseEntry](unsafeUninitializedCapacity: Int(rowStarts[rowCount])) { buffer, count in
            let out = SendableBuffer(buffer)
            Parallel.forEachWorker(count: rowCount, blockSize: 1024, threads: threads) { _, work in
                for block in work {
                    for row in block.range {
                        let slots = Int(rowOffsets[row])..<Int(rowOffsets[row + 1])
                        var target = Int(rowStarts[row])
                        for slot in slots where Self.isLast(slot: slot, of: slots, in: keys) {
                            let input = Int(keys[slot] & 0xFFFF_FFFF)
                            out.initialize(target, to: SparseEntry(column: columns[input], value: values?[input] ?? 0))
                            target += 1
                        }
                    }
                }
            }
            count = Int(rowStarts[rowCount])
        }
        return (SparseRows(offsets: offsets, entries: entries), n - entries.count)
    }

    /// Where each row's run starts when `rows` never decreases (exports are
    /// usually grouped by user), else nil.
    private static func runOffsets(of rows: [Int32], rowCount: Int) -> [Int32]? {
        var offsets = [Int32](repeating: 0, count: rowCount + 1)
        var previous: Int32 = 0
        for row in rows {
            guard row >= previous else { return nil }
            offsets[Int(row) + 1] += 1
            previous = row
        }
        for row in 0..<rowCount { offsets[row + 1] += offsets[row] }
        return offsets
    }

    /// `column << 32 | input` for every input, sorted within each row's run
    /// of `offsets`: by column, then input order. Rows are sorted in place on
    /// `threads` workers.
    private static func sortedWithinRows(columns: [Int32], offsets: [Int32], columnCount: Int, threads: Int)
        -> [UInt64]
    {
        [UInt64](unsafeUninitializedCapacity: columns.count) { buffer, count in
            let out = SendableBuffer(buffer)
            Parallel.forEachWorker(count: offsets.count - 1, blockSize: 1024, threads: threads) { _, work in
                let sorter = RowSorter(columnCount: columnCount)
                for block in work {
                    for row in block.range {
                        let slots = Int(offsets[row])..<Int(offsets[row + 1])
                        for input in slots {
                            out.initialize(input, to: UInt64(UInt32(bitPattern: columns[input])) << 32 | UInt64(input))
                        }
                        sorter.sort(out.slots(slots))
                    }
                }
            }
            count = columns.count
        }
    }

    /// `column << 32 | input` for every input, by row and, within a row, by
    /// column then input order: two stable counting sorts, by column and then
    /// by row, each of `threads` workers counting and placing one slice.
    private static func sortedByRowThenColumn(
        rows: [Int32], columns: [Int32], rowCount: Int, columnCount: Int, threads: Int
    ) -> (offsets: [Int32], keys: [UInt64]) {
        let slices = CountingSort.evenSlices(count: rows.count, threads: threads)
        // `row << 32 | input`, by column.
        let (columnOffsets, byColumn) = CountingSort.sort(slices: slices, keyCount: columnCount, threads: threads) {
            slice, emit in
            for input in slice { emit(columns[input], UInt64(UInt32(bitPattern: rows[input])) << 32 | UInt64(input)) }
        }
        let (rowOffsets, keys) = CountingSort.sort(slices: slices, keyCount: rowCount, threads: threads) {
            positions, emit in
            var column = 0
            for position in positions {
                while position >= Int(columnOffsets[column + 1]) { column += 1 }
                let key = byColumn[position]
                emit(Int32(truncatingIfNeeded: key >> 32), UInt64(column) << 32 | key & 0xFFFF_FFFF)
            }
        }
        return (rowOffsets, keys)
    }

    /// Whether the key in `slot` is the last of its column in the sorted `slots`.
    @inline(__always)
    private static func isLast(slot: Int, of slots: Range<Int>, in keys: [UInt64]) -> Bool {
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

    /// For each entry of the rows `columns` of `transposed(columnCount:threads:)`,
    /// in its order, the index of the same entry in these rows.
    /// - Complexity: O(entryCount + threads · columns.count) on `threads` workers.
    func transposedPositions(of columns: Range<Int>, threads: Int = 1) -> [Int32] {
        let (lower, width) = (Int32(columns.lowerBound), UInt32(columns.count))
        return CountingSort.sort(slices: rowSlices(threads: threads), keyCount: columns.count, threads: threads) {
            rows, emit in
            for row in rows {
                for position in range(of: row) {
                    let key = entries[position].column &- lower
                    if UInt32(bitPattern: key) < width { emit(key, Int32(position)) }
                }
            }
        }.elements
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
