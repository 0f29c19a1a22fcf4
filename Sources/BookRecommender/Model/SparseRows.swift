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
    /// One counting-sort pass scatters `column << 32 | input position` keys
    /// into rows; `threads` workers then sort the rows, so repeats end up
    /// adjacent in input order. Pass `values: nil` for a pattern-only matrix
    /// (values stored as 0).
    /// - Complexity: O(n log(longest row) + rowCount), with one n-sized key buffer.
    /// - Returns: the matrix and how many input entries a later repeat replaced.
    static func grouping(
        rows: [Int32], columns: [Int32], values: [Float]?, rowCount: Int, threads: Int
    ) -> (matrix: SparseRows, replaced: Int) {
        let n = rows.count
        let rowOffsets = prefixOffsets(counts: rows, keyCount: rowCount)
        var cursor = Array(rowOffsets.dropLast())
        var keys = [UInt64](repeating: 0, count: n)
        for (input, row) in rows.enumerated() {
            keys[Int(cursor[Int(row)])] = UInt64(UInt32(bitPattern: columns[input])) << 32 | UInt64(input)
            cursor[Int(row)] += 1
        }
        keys.withUnsafeMutableBufferPointer { buffer in
            let shared = SendableBuffer(buffer)
            Parallel.forEachWorker(count: rowCount, blockSize: 1024, threads: threads) { _, work in
                for block in work {
                    for row in block.range { shared.sort(Int(rowOffsets[row])..<Int(rowOffsets[row + 1])) }
                }
            }
        }
        var offsets = rowOffsets
        var entries: [SparseEntry] = []
        entries.reserveCapacity(n)
        var start = 0
        for row in 0..<rowCount {
            let end = Int(rowOffsets[row + 1])
            for slot in start..<end where slot + 1 == end || keys[slot + 1] >> 32 != keys[slot] >> 32 {
                let input = Int(keys[slot] & 0xFFFF_FFFF)
                entries.append(SparseEntry(column: columns[input], value: values?[input] ?? 0))
            }
            start = end
            offsets[row + 1] = Int32(entries.count)
        }
        return (SparseRows(offsets: offsets, entries: entries), n - entries.count)
    }

    /// The same entries with rows and columns swapped; each new row lists its
    /// columns (the old rows) ascending.
    /// - Complexity: O(entryCount + rowCount + columnCount).
    func transposed(columnCount: Int) -> SparseRows {
        let offsets = Self.prefixOffsets(counts: entries.map(\.column), keyCount: columnCount)
        var cursor = Array(offsets.dropLast())
        var transposed = [SparseEntry](repeating: SparseEntry(column: 0, value: 0), count: entryCount)
        for row in 0..<rowCount {
            for entry in entries[range(of: row)] {
                let column = Int(entry.column)
                transposed[Int(cursor[column])] = SparseEntry(column: Int32(row), value: entry.value)
                cursor[column] += 1
            }
        }
        return SparseRows(offsets: offsets, entries: transposed)
    }

    /// Offsets of a counting sort: `result[k]` is where key `k`'s entries start.
    private static func prefixOffsets(counts keys: [Int32], keyCount: Int) -> [Int32] {
        var offsets = [Int32](repeating: 0, count: keyCount + 1)
        for key in keys { offsets[Int(key) + 1] += 1 }
        for key in 0..<keyCount { offsets[key + 1] += offsets[key] }
        return offsets
    }
}
