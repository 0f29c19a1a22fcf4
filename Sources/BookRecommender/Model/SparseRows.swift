/// A compressed sparse row (CSR) matrix with 32-bit column indices and values:
/// row `r` holds `columns[offsets[r]..<offsets[r + 1]]`, sorted ascending,
/// each column at most once.
struct SparseRows: Sendable {
    var offsets: [Int32]
    var columns: [Int32]
    /// One value per column entry; empty for a pattern-only matrix (shelves).
    var values: [Float]

    var rowCount: Int { offsets.count - 1 }
    var entryCount: Int { columns.count }

    @inline(__always)
    func range(of row: Int) -> Range<Int> {
        Int(offsets[row])..<Int(offsets[row + 1])
    }

    /// Groups parallel `(row, column, value)` triples into rows with two
    /// stable counting sorts (by column, then by row), so each row comes out
    /// sorted by column with repeats in input order; of repeats only the last
    /// is kept.
    ///
    /// Pass `values: nil` for a pattern-only matrix.
    /// - Complexity: O(n + rowCount + columnCount), with one n-sized index buffer.
    /// - Returns: the matrix and how many input entries a later repeat replaced.
    static func grouping(
        rows: [Int32], columns: [Int32], values: [Float]?, rowCount: Int, columnCount: Int
    ) -> (matrix: SparseRows, replaced: Int) {
        let n = rows.count
        let byColumn = stableOrder(keys: columns, keyCount: columnCount)
        var offsets = prefixOffsets(counts: rows, keyCount: rowCount)
        var cursor = Array(offsets.dropLast())
        var sortedColumns = [Int32](repeating: 0, count: n)
        var sortedValues = [Float](repeating: 0, count: values == nil ? 0 : n)
        for entry in byColumn {
            let row = Int(rows[Int(entry)])
            let slot = Int(cursor[row])
            cursor[row] += 1
            sortedColumns[slot] = columns[Int(entry)]
            if let values { sortedValues[slot] = values[Int(entry)] }
        }
        // Compact each row in place, keeping the last of each run of equal columns.
        var write = 0
        var start = 0
        for row in 0..<rowCount {
            let end = Int(offsets[row + 1])
            var read = start
            while read < end {
                var last = read
                while last + 1 < end && sortedColumns[last + 1] == sortedColumns[read] { last += 1 }
                sortedColumns[write] = sortedColumns[last]
                if values != nil { sortedValues[write] = sortedValues[last] }
                write += 1
                read = last + 1
            }
            start = end
            offsets[row + 1] = Int32(write)
        }
        sortedColumns.removeLast(n - write)
        if values != nil { sortedValues.removeLast(n - write) }
        return (SparseRows(offsets: offsets, columns: sortedColumns, values: sortedValues), n - write)
    }

    /// The same entries with rows and columns swapped; each new row lists its
    /// columns (the old rows) ascending.
    /// - Complexity: O(entryCount + rowCount + columnCount).
    func transposed(columnCount: Int) -> SparseRows {
        let offsets = Self.prefixOffsets(counts: columns, keyCount: columnCount)
        var cursor = Array(offsets.dropLast())
        var newColumns = [Int32](repeating: 0, count: entryCount)
        var newValues = [Float](repeating: 0, count: values.count)
        for row in 0..<rowCount {
            for entry in range(of: row) {
                let column = Int(columns[entry])
                let slot = Int(cursor[column])
                cursor[column] += 1
                newColumns[slot] = Int32(row)
                if !values.isEmpty { newValues[slot] = values[entry] }
            }
        }
        return SparseRows(offsets: offsets, columns: newColumns, values: newValues)
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
