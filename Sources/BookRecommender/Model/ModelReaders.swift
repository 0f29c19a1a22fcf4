import Foundation

/// A model's own readers: their rows as fitting left them or, for a model read
/// from a file, left in the file's bytes (they are most of them) and copied
/// one reader at a time when asked. Loading then checks them in place and
/// copies only their offsets.
struct ModelReaders: Sendable {
    private enum Storage: Sendable {
        case rows(ReaderRows)
        /// Checked entries (8 bytes each) at byte offsets of `file`.
        case inFile(file: Data, ratingOffsets: [Int32], ratingsAt: Int, shelfOffsets: [Int32], shelvesAt: Int)
    }

    private let storage: Storage

    /// Readers whose rows are in memory.
    init(_ rows: ReaderRows) {
        storage = .rows(rows)
    }

    /// Readers whose entries stay in `file`: the ratings' at byte `ratingsAt`,
    /// the shelved books' at `shelvesAt`. The offsets must run through the
    /// entries and every entry must have been checked (columns in range).
    init(file: Data, ratingOffsets: [Int32], ratingsAt: Int, shelfOffsets: [Int32], shelvesAt: Int) {
        storage = .inFile(
            file: file, ratingOffsets: ratingOffsets, ratingsAt: ratingsAt, shelfOffsets: shelfOffsets,
            shelvesAt: shelvesAt)
    }

    var ratingCount: Int {
        switch storage {
        case .rows(let rows): rows.byUser.entryCount
        case .inFile(_, let offsets, _, _, _): Int(offsets[offsets.count - 1])
        }
    }

    var shelfCount: Int {
        switch storage {
        case .rows(let rows): rows.shelves.entryCount
        case .inFile(_, _, _, let offsets, _): Int(offsets[offsets.count - 1])
        }
    }

    /// Reader `user` alone, as the only reader (index 0) of its rows.
    func reader(_ user: Int) -> ReaderRows {
        ReaderRows(byUser: row(user, shelves: false), shelves: row(user, shelves: true))
    }

    /// Every reader's rows in memory.
    var rows: ReaderRows {
        switch storage {
        case .rows(let rows): return rows
        case .inFile(let file, let ratingOffsets, let ratingsAt, let shelfOffsets, let shelvesAt):
            return ReaderRows(
                byUser: SparseRows(
                    offsets: ratingOffsets,
                    entries: Self.entries(file, at: ratingsAt, 0..<Int(ratingOffsets[ratingOffsets.count - 1]))),
                shelves: SparseRows(
                    offsets: shelfOffsets,
                    entries: Self.entries(file, at: shelvesAt, 0..<Int(shelfOffsets[shelfOffsets.count - 1]))))
        }
    }

    /// One reader's ratings or shelved books as a one-row matrix.
    private func row(_ user: Int, shelves: Bool) -> SparseRows {
        let entries: [SparseEntry]
        switch storage {
        case .rows(let rows):
            let matrix = shelves ? rows.shelves : rows.byUser
            entries = Array(matrix.entries[matrix.range(of: user)])
        case .inFile(let file, let ratingOffsets, let ratingsAt, let shelfOffsets, let shelvesAt):
            let offsets = shelves ? shelfOffsets : ratingOffsets
            entries = Self.entries(
                file, at: shelves ? shelvesAt : ratingsAt, Int(offsets[user])..<Int(offsets[user + 1]))
        }
        return SparseRows(offsets: [0, Int32(entries.count)], entries: entries)
    }

    /// Entries `range` of the block of entries at byte `start` of `file`.
    private static func entries(_ file: Data, at start: Int, _ range: Range<Int>) -> [SparseEntry] {
        file.withUnsafeBytes { bytes in
            let stride = MemoryLayout<SparseEntry>.stride
            let source = UnsafeRawBufferPointer(
                rebasing: bytes[start + range.lowerBound * stride..<start + range.upperBound * stride])
            return [SparseEntry](unsafeUninitializedCapacity: range.count) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
                initialized = range.count
            }
        }
    }
}
