import Foundation

extension ModelFileDecoder {
    /// The ingest blocks of a version-2 file: the ingest `bookrec train`
    /// kept for a model of `ratings` ratings, or nil when both are empty.
    /// - Throws: `BookModelError.corrupt` for JSON that is not the expected
    ///   accounting, counts that do not hold together, or rows without accounting.
    mutating func trainingIngest(ratings: Int) throws(BookModelError) -> TrainingIngest? {
        let json = try array(.ingestAccounting, of: UInt8.self)
        let rows = try array(.ingestRejects, of: UInt8.self)
        guard !json.isEmpty else {
            guard rows.isEmpty else { throw corrupt("rejected rows without the ingest they belong to") }
            return nil
        }
        guard let accounting = try? JSONDecoder().decode(TrainingIngest.Accounting.self, from: Data(json)) else {
            throw corrupt("the ingest block is not the expected JSON")
        }
        guard accounting.holdsTogether(ratings: ratings) else {
            throw corrupt("the ingest block's record counts do not add up")
        }
        return TrainingIngest(accounting: accounting, rejectRows: rows)
    }

    /// The `KIND` block of a version-3 file, for `ratings` entries whose rows
    /// start at `offsets`: every kind, or only those of the readers `held`
    /// marks (the rows `heldRows` copied), and how many entries of all are star ratings.
    /// - Throws: `BookModelError.corrupt` unless the block is empty or holds
    ///   one known kind per entry.
    mutating func kinds(ratings: Int, offsets: [Int32], held: [Bool]?) throws(BookModelError)
        -> (kinds: [UInt8], stars: Int)
    {
        let range = try payload(.kinds, of: UInt8.self)
        guard !range.isEmpty else { return ([], ratings) }
        var valid = range.count == ratings
        var stars = 0
        if valid {
            let known = (0...255).map { $0 == 0 || InteractionKind(rawValue: UInt8($0)) != nil }
            forEachChunk(of: range) { chunk in
                for kind in bytes(in: chunk) {
                    stars += kind == 0 ? 1 : 0
                    valid = valid && known[Int(kind)]
                }
            }
        }
        guard valid else { throw corrupt("the readers' kinds do not match their books") }
        guard let held else { return (Array(bytes(in: range)), stars) }
        var kinds: [UInt8] = []
        for reader in held.indices where held[reader] {
            kinds += bytes(in: range.lowerBound + Int(offsets[reader])..<range.lowerBound + Int(offsets[reader + 1]))
        }
        release(range)
        return (kinds, stars)
    }
}

extension ModelFileDecoder {
    /// The next sparse matrix, copied: `rows` rows over columns `0..<columns`,
    /// `entries` entries in all, values finite.
    /// - Throws: `BookModelError.corrupt` for offsets that do not run through the entries or a column out of range.
    mutating func rows(_ offsetsTag: Tag, _ entriesTag: Tag, rows: Int, columns: Int, entries: Int)
        throws(BookModelError) -> SparseRows
    {
        let offsets = try array(offsetsTag, of: Int32.self, count: rows + 1)
        let values = try array(entriesTag, of: SparseEntry.self, count: entries)
        let checked = values.withUnsafeBytes { copy in
            Result { () throws(BookModelError) in try check(offsets, copy, offsetsTag, entriesTag, columns: columns) }
        }
        try checked.get()
        return SparseRows(offsets: offsets, entries: values)
    }

    /// The same checks as `rows`, leaving the entries in the file: their
    /// offsets, and where they lie; with `held`, the rows it marks are also
    /// copied (`held`: the others are left empty).
    mutating func rowsInPlace(
        _ offsetsTag: Tag, _ entriesTag: Tag, rows: Int, columns: Int, entries: Int, held: [Bool]? = nil
    ) throws(BookModelError) -> (offsets: [Int32], entries: Range<Int>, held: SparseRows?) {
        let offsets = try array(offsetsTag, of: Int32.self, count: rows + 1)
        let range = try payload(entriesTag, of: SparseEntry.self, count: entries)
        try check(offsets, bytes(in: range), offsetsTag, entriesTag, columns: columns, at: range.lowerBound)
        return (offsets, range, held.map { copy($0, of: offsets, at: range) })
    }

    /// The rows `held` marks of the checked entries at `range` (rows starting
    /// at `offsets`), copied with the other rows left empty. A mapped file's
    /// pages are released behind the copy.
    private func copy(_ held: [Bool], of offsets: [Int32], at range: Range<Int>) -> SparseRows {
        let rows = offsets.count - 1
        let stride = MemoryLayout<SparseEntry>.stride
        var kept = [Int32](repeating: 0, count: rows + 1)
        for row in 0..<rows {
            kept[row + 1] = kept[row] + (held[row] ? offsets[row + 1] - offsets[row] : 0)
        }
        let copied = [SparseEntry](unsafeUninitializedCapacity: Int(kept[rows])) { buffer, initialized in
            let target = UnsafeMutableRawBufferPointer(buffer)
            var released = range.lowerBound
            for row in 0..<rows where held[row] {
                let source =
                    range.lowerBound + Int(offsets[row]) * stride..<range.lowerBound + Int(offsets[row + 1]) * stride
                UnsafeMutableRawBufferPointer(rebasing: target[(Int(kept[row]) * stride)...])
                    .copyMemory(from: bytes(in: source))
                if source.upperBound - released >= Self.chunk {
                    release(released..<source.upperBound)
                    released = source.upperBound
                }
            }
            release(released..<range.upperBound)
            initialized = Int(kept[rows])
        }
        return SparseRows(offsets: kept, entries: copied)
    }

    /// - Throws: `BookModelError.corrupt` unless `offsets` run through the
    ///   entries in `entries` and each names a column below `columns` with a
    ///   finite value. `entries` lying at byte `fileOffset` of the file are
    ///   released chunk by chunk as they are checked.
    private func check(
        _ offsets: [Int32], _ entries: UnsafeRawBufferPointer, _ offsetsTag: Tag, _ entriesTag: Tag, columns: Int,
        at fileOffset: Int? = nil
    ) throws(BookModelError) {
        let stride = MemoryLayout<SparseEntry>.stride
        let count = entries.count / stride
        guard Self.isRunOfOffsets(offsets, total: Int32(count)) else {
            throw corrupt("row offsets of \(offsetsTag.rawValue) do not run through its entries")
        }
        let entry = { (index: Int) in entries.loadUnaligned(fromByteOffset: index * stride, as: SparseEntry.self) }
        // One branch-free pass over millions of entries; the bad one is looked for only when there is one.
        let limit = UInt32(columns)
        var bad: UInt32 = 0
        let perChunk = Self.chunk / stride
        for start in Swift.stride(from: 0, to: count, by: perChunk) {
            let end = min(start + perChunk, count)
            for index in start..<end {
                let value = entry(index)
                bad |= UInt32(bitPattern: value.column) >= limit ? 1 : 0
                bad |= value.value.bitPattern & 0x7F80_0000 == 0x7F80_0000 ? 1 : 0
            }
            if let fileOffset { release(fileOffset + start * stride..<fileOffset + end * stride) }
        }
        guard bad != 0 else { return }
        let first = (0..<count).lazy.map(entry).first {
            $0.column < 0 || Int($0.column) >= columns || !$0.value.isFinite
        }
        throw corrupt(
            "an entry of \(entriesTag.rawValue) names book \(first?.column ?? -1) of \(columns) or is not finite")
    }

    /// - Throws: `BookModelError.corrupt` unless `order` puts `strings` in
    ///   strictly ascending order: each index once, no string twice (so a
    ///   binary search finds every key, and finds it once).
    func requireOrder(_ order: [Int32], of strings: [String], what: String) throws(BookModelError) {
        try requireDistinct(order, below: strings.count, what: "the order of \(what)")
        for position in order.indices.dropFirst()
        where !(strings[Int(order[position - 1])] < strings[Int(order[position])]) {
            throw corrupt("\(what) are not in ascending order, or one repeats")
        }
    }

    /// - Throws: `BookModelError.corrupt` unless every index is in `0..<limit` and none repeats.
    func requireDistinct(_ indices: [Int32], below limit: Int, what: String) throws(BookModelError) {
        var seen = [Bool](repeating: false, count: limit)
        for index in indices {
            guard index >= 0, Int(index) < limit, !seen[Int(index)] else {
                throw corrupt("\(what) names \(index) out of range or twice")
            }
            seen[Int(index)] = true
        }
    }
}
