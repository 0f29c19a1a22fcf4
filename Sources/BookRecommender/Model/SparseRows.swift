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

    /// Groups parallel `(row, column, value)` triples into rows with two
    /// stable counting sorts (by column, then by row), so each row comes out
    /// sorted by column with repeats in input order; of repeats only the last
    /// is kept.
    ///
    /// Pass `values: nil` for a pattern-only matrix (values stored as 0).
    /// - Complexity: O(n + rowCount + columnCount), with one n-sized index buffer.
    /// - Returns: the matrix and how many input entries a later repeat replaced.
    static func grouping(
        rows: [Int32], columns: [Int32], values: [Float]?, rowCount: Int, columnCount: Int
    ) -> (matrix: SparseRows, replaced: Int) {
        let n = rows.count
        let byColumn = stableOrder(keys: columns, keyCount: columnCount)
        var offsets = prefixOffsets(counts: rows, keyCount: rowCount)
        var cursor = Array(offsets.dropLast())
        var entries = [SparseEntry](repeating: SparseEntry(column: 0, value: 0), count: n)
        for input in byColumn {
            let row = Int(rows[Int(input)])
            entries[Int(cursor[row])] = SparseEntry(column: columns[Int(input)], value: values?[Int(input)] ?? 0)
            cursor[row] += 1
        }
        // Compact each row in place, keeping the last of each run of equal columns.
        var write = 0
        var start = 0
        for row in 0..<rowCount {
            let end = Int(offsets[row + 1])
            for read in start..<end where read + 1 == end || entries[read + 1].column != entries[read].column {
                entries[write] = entries[read]
                write += 1
            }
            start = end
            offsets[row + 1] = Int32(write)
        }
        entries.removeLast(n - write)
        return (SparseRows(offsets: offsets, entries: entries), n - write)
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

    /// Input positions sorted by key, equal keys in input order.
    private static func stableOrder(keys: [Int32], keyCount: Int) -> [Int32] {
        var cursor = prefixOffsets(counts: keys, keyCount: keyCount)
        var order = [Int32](repeating: 0, count: keys.count)
        for (position, key) in keys.enumerated() {
            order[Int(cursor[Int(key)])] = Int32(position)
            cursor[Int(key)] += 1
        }
        return order
    }
}
