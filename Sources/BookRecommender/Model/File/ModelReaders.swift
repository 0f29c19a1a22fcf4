import Foundation

/// A model's own readers: their rows as fitting left them or, for a model read
/// from a file, left in the file's bytes (they are most of them) and copied
/// one reader at a time when asked. Loading then checks them in place and
/// copies only their offsets (and the one-byte kinds of their entries).
struct ModelReaders: Sendable {
    private enum Storage: Sendable {
        case rows(ReaderRows)
        /// Checked entries (8 bytes each) at byte offsets of `file`.
        case inFile(
            file: Data, ratingOffsets: [Int32], ratingsAt: Int, kinds: [UInt8], shelfOffsets: [Int32], shelvesAt: Int)
    }

    private let storage: Storage

    /// Readers whose rows are in memory.
    init(_ rows: ReaderRows) {
        storage = .rows(rows)
    }

    /// Readers whose entries stay in `file`: the rows' at byte `ratingsAt`
    /// (with `kinds`, one per entry or none), the books only kept out of picks
    /// at `shelvesAt`. The offsets must run through the entries and every entry
    /// must have been checked (columns in range).
    init(
        file: Data, ratingOffsets: [Int32], ratingsAt: Int, kinds: [UInt8], shelfOffsets: [Int32], shelvesAt: Int
    ) {
        storage = .inFile(
            file: file, ratingOffsets: ratingOffsets, ratingsAt: ratingsAt, kinds: kinds, shelfOffsets: shelfOffsets,
            shelvesAt: shelvesAt)
    }

    /// Entries of the readers' rows: ratings and interactions.
    var ratingCount: Int {
        switch storage {
        case .rows(let rows): rows.byUser.entryCount
        case .inFile(_, let offsets, _, _, _, _): Int(offsets[offsets.count - 1])
        }
    }

    var shelfCount: Int {
        switch storage {
        case .rows(let rows): rows.shelves.entryCount
        case .inFile(_, _, _, _, let offsets, _): Int(offsets[offsets.count - 1])
        }
    }

    /// Reader `user` alone, as the only reader (index 0) of its rows.
    func reader(_ user: Int) -> ReaderRows {
        switch storage {
        case .rows(let rows):
            let range = rows.byUser.range(of: user)
            return ReaderRows(
                byUser: Self.row(Array(rows.byUser.entries[range])),
                kinds: rows.kinds.isEmpty ? [] : Array(rows.kinds[range]),
                shelves: Self.row(Array(rows.shelves.entries[rows.shelves.range(of: user)])))
        case .inFile(let file, let ratingOffsets, let ratingsAt, let kinds, let shelfOffsets, let shelvesAt):
            let range = Int(ratingOffsets[user])..<Int(ratingOffsets[user + 1])
            return ReaderRows(
                byUser: Self.row(Self.entries(file, at: ratingsAt, range)),
                kinds: kinds.isEmpty ? [] : Array(kinds[range]),
                shelves: Self.row(
                    Self.entries(file, at: shelvesAt, Int(shelfOffsets[user])..<Int(shelfOffsets[user + 1]))))
        }
    }

    /// Every reader's rows in memory.
    var rows: ReaderRows {
        switch storage {
        case .rows(let rows): return rows
        case .inFile(let file, let ratingOffsets, let ratingsAt, let kinds, let shelfOffsets, let shelvesAt):
            return ReaderRows(
                byUser: SparseRows(
                    offsets: ratingOffsets,
                    entries: Self.entries(file, at: ratingsAt, 0..<Int(ratingOffsets[ratingOffsets.count - 1]))),
                kinds: kinds,
                shelves: SparseRows(
                    offsets: shelfOffsets,
                    entries: Self.entries(file, at: shelvesAt, 0..<Int(shelfOffsets[shelfOffsets.count - 1]))))
        }
    }

    /// `entries` as a one-row matrix.
    private static func row(_ entries: [SparseEntry]) -> SparseRows {
        SparseRows(offsets: [0, Int32(entries.count)], entries: entries)
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
