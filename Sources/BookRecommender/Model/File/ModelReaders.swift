import Foundation

/// A model's own readers: their rows as fitting left them or, for a model read
/// from a file, left in the file's bytes (they are most of them) and copied
/// one reader at a time when asked. Loading then checks them in place and
/// copies only their offsets (and the one-byte kinds of their entries).
///
/// A model read for one shard of a run (`BookModel(mapping:shard:)`) holds
/// the rows of that shard's readers alone, copied while the file was read:
/// every other reader's rows are empty, but the counts are the whole model's.
struct ModelReaders: Sendable {
    private enum Storage: Sendable {
        case rows(ReaderRows)
        /// Checked entries (8 bytes each) at byte offsets of `file`.
        case inFile(
            file: Data, ratingOffsets: [Int32], ratingsAt: Int, kinds: [UInt8], shelfOffsets: [Int32], shelvesAt: Int)
    }

    private let storage: Storage
    /// Entries of the readers' rows: ratings and interactions, of every reader.
    let ratingCount: Int
    /// Books only kept out of picks, of every reader.
    let shelfCount: Int
    /// The entries of `ratingCount` that are star ratings.
    let starRatingCount: Int
    /// The readers whose rows are held: every reader (nil), or one shard's.
    let shard: Shard?

    /// Readers whose rows are in memory.
    init(_ rows: ReaderRows) {
        storage = .rows(rows)
        ratingCount = rows.byUser.entryCount
        shelfCount = rows.shelves.entryCount
        starRatingCount = rows.ratingCount
        shard = nil
    }

    /// The readers of `shard` (`rows` holds theirs; every other reader's are
    /// empty) of a model whose readers have `counts` entries in all.
    init(_ rows: ReaderRows, of shard: Shard, counts: (ratings: Int, shelved: Int, stars: Int)) {
        storage = .rows(rows)
        (ratingCount, shelfCount, starRatingCount) = counts
        self.shard = shard
    }

    /// Readers whose entries stay in `file`: the rows' at byte `ratingsAt`
    /// (with `kinds`, one per entry or none; `stars` of them are star
    /// ratings), the books only kept out of picks at `shelvesAt`. The offsets
    /// must run through the entries and every entry must have been checked (columns in range).
    init(
        file: Data, ratingOffsets: [Int32], ratingsAt: Int, kinds: [UInt8], stars: Int, shelfOffsets: [Int32],
        shelvesAt: Int
    ) {
        storage = .inFile(
            file: file, ratingOffsets: ratingOffsets, ratingsAt: ratingsAt, kinds: kinds, shelfOffsets: shelfOffsets,
            shelvesAt: shelvesAt)
        ratingCount = Int(ratingOffsets[ratingOffsets.count - 1])
        shelfCount = Int(shelfOffsets[shelfOffsets.count - 1])
        starRatingCount = stars
        shard = nil
    }

    /// Reader `user` alone, as the only reader (index 0) of its rows: empty
    /// for a reader outside the held shard.
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

    /// Every held reader's rows in memory (every reader's, unless one shard's are held).
    var rows: ReaderRows {
        switch storage {
        case .rows(let rows): return rows
        case .inFile(let file, _, _, let kinds, let shelfOffsets, let shelvesAt):
            return ReaderRows(
                byUser: byUser,
                kinds: kinds,
                shelves: SparseRows(
                    offsets: shelfOffsets,
                    entries: Self.entries(file, at: shelvesAt, 0..<Int(shelfOffsets[shelfOffsets.count - 1]))))
        }
    }

    /// `rows.byUser` alone: the books every held reader learns from, in memory.
    var byUser: SparseRows {
        switch storage {
        case .rows(let rows): return rows.byUser
        case .inFile(let file, let ratingOffsets, let ratingsAt, _, _, _):
            return SparseRows(
                offsets: ratingOffsets,
                entries: Self.entries(file, at: ratingsAt, 0..<Int(ratingOffsets[ratingOffsets.count - 1])))
        }
    }

    /// Whether every held reader's books ascend strictly, as ingest leaves
    /// them and the fit takes them: checked where the rows are, without
    /// copying them out of a file.
    var booksAscend: Bool {
        switch storage {
        case .rows(let rows):
            return rows.byUser.entries.withUnsafeBytes { Self.ascend(rows.byUser.offsets, entriesAt: $0) }
        case .inFile(let file, let ratingOffsets, let ratingsAt, _, _, _):
            return file.withUnsafeBytes {
                Self.ascend(ratingOffsets, entriesAt: UnsafeRawBufferPointer(rebasing: $0[ratingsAt...]))
            }
        }
    }

    /// Whether each row of `offsets` over the entries whose bytes start
    /// `entries` names its columns in strictly ascending order.
    private static func ascend(_ offsets: [Int32], entriesAt entries: UnsafeRawBufferPointer) -> Bool {
        let (stride, at) = (MemoryLayout<SparseEntry>.stride, MemoryLayout<SparseEntry>.offset(of: \.column)!)
        func column(_ index: Int) -> Int32 {
            entries.loadUnaligned(fromByteOffset: index * stride + at, as: Int32.self)
        }
        return (0..<offsets.count - 1).allSatisfy { row in
            (Int(offsets[row]) + 1..<Int(offsets[row + 1])).allSatisfy { column($0 - 1) < column($0) }
        }
    }

    /// Whether each of `users` has the same rows in `other` (in the same
    /// numbering of readers and books) as here: the same books with the same
    /// strengths and kinds, and the same books kept out of picks.
    /// - Complexity: O(the users' entries), one reader at a time.
    func holdSame(_ other: ReaderRows, users: [Int]) -> Bool {
        users.allSatisfy { user in
            let mine = reader(user)
            let range = other.byUser.range(of: user)
            return mine.byUser.entries[...] == other.byUser.entries[range]
                && mine.shelves.entries[...] == other.shelves.entries[other.shelves.range(of: user)]
                && mine.byUser.entries.indices.allSatisfy {
                    mine.kind(ofEntry: $0) == other.kind(ofEntry: range.lowerBound + $0)
                }
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
