/// The pairs `NeighborFinder` finds from one of their books and hands to the
/// other, when it finds each pair once: one worker's, grouped by the book
/// handed to when trimmed (`keepBest`) and at the end (`takeRows`).
///
/// Only pairs at or above that book's bound in `BookFloors` are handed over.
/// A book whose own list is not found in this run (a part's books below its
/// range) keeps its first bound, which many pairs reach; so now and then
/// `keepBest` keeps only each book's best and raises its bound to them, which
/// holds a worker's pairs to about `neighbors` per book.
struct HandedPairs: Sendable {
    /// `neighbor`, at `value`, is a candidate neighbour of `book`.
    struct Pair: BitwiseCopyable, Sendable {
        var book: Int32
        var neighbor: Int32
        var value: Float
    }

    /// The pairs kept by the last `keepBest`, one row per book; nil before the first.
    private var kept: SparseRows?
    /// The pairs handed since, in chunks, so that growing never copies them.
    private var chunks: [[Pair]] = []
    /// How many pairs are held, kept and handed since.
    private(set) var count = 0
    /// Pairs per chunk: large enough that chunks are few, small beside the whole.
    private static let chunkSize = 1 << 20

    /// Keeps `pairs`.
    mutating func append(_ pairs: UnsafeBufferPointer<Pair>) {
        count += pairs.count
        var rest = pairs[...]
        while !rest.isEmpty {
            if chunks.isEmpty || chunks[chunks.count - 1].count == Self.chunkSize {
                chunks.append([])
                chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
            }
            let room = Self.chunkSize - chunks[chunks.count - 1].count
            chunks[chunks.count - 1].append(contentsOf: rest.prefix(room))
            rest = rest.dropFirst(room)
        }
    }

    /// Keeps only the best `neighbors` pairs of each book (by similarity,
    /// then the neighbour's key rank, as `NeighborSelection`), and raises the
    /// bound in `floors` of each book that has that many to the last of them:
    /// the book's final list holds at least those, so a pair below cannot
    /// enter it, and the pairs dropped here could not either.
    ///
    /// Only the pairs handed since the last call are sorted by book: those
    /// kept are grouped already and are copied beside them. A training part
    /// that hands many pairs to other parts' books trims them a dozen times
    /// or more, and each time most of what it holds was kept the time before.
    /// - Complexity: O(pairs handed since + pairs kept + itemCount).
    mutating func keepBest(neighbors: Int, keyRank: [Int32], floors: BookFloors.Values, itemCount: Int) {
        var best = TopK(capacity: neighbors)
        let rows = regroup(itemCount: itemCount, keepsAll: { $0 < neighbors }) { kept, handed, book, entries in
            best.offer(neighbors: kept, keyRank: keyRank)
            best.offer(neighbors: handed, keyRank: keyRank)
            for index in 0..<best.count {
                let entry = best.entry(at: index)
                entries.append(SparseEntry(column: entry.payload, value: entry.score))
            }
            // A heap keeps its worst at 0.
            if best.count == neighbors, neighbors > 0 { floors.raise(book, to: best.entry(at: 0).score) }
            best.removeAll()
        }
        (kept, count) = (rows, rows.entryCount)
    }

    /// Every pair held, as one row per book (`itemCount` rows), each entry
    /// a neighbour (`column`) and the pair's similarity; nothing is held
    /// after. The order within a row carries no meaning: the selection that
    /// reads it does not depend on it.
    /// - Complexity: O(pairs + itemCount).
    mutating func takeRows(itemCount: Int) -> SparseRows {
        count = 0
        guard kept != nil else {
            defer { chunks = [] }
            return Self.grouped(chunks, itemCount: itemCount)
        }
        return regroup(itemCount: itemCount, keepsAll: { _ in true }) { _, _, _, _ in }
    }

    /// Takes every pair held as one row per book: the pairs handed since the
    /// last call, grouped by book, beside those kept; all of a book's when
    /// `keepsAll` of their count, else what `trim(kept, handed, book, &entries)`
    /// appends. Nothing is held after.
    private mutating func regroup(
        itemCount: Int, keepsAll: (Int) -> Bool,
        trim: (ArraySlice<SparseEntry>, ArraySlice<SparseEntry>, Int, inout [SparseEntry]) -> Void
    ) -> SparseRows {
        let handed = Self.grouped(chunks, itemCount: itemCount)
        chunks = []
        let previous = kept ?? SparseRows(emptyRows: itemCount)
        kept = nil
        var offsets = [Int32](repeating: 0, count: itemCount + 1)
        var entries: [SparseEntry] = []
        entries.reserveCapacity(previous.entryCount + handed.entryCount)
        for book in 0..<itemCount {
            let (old, new) = (previous.entries[previous.range(of: book)], handed.entries[handed.range(of: book)])
            if keepsAll(old.count + new.count) {
                entries.append(contentsOf: old)
                entries.append(contentsOf: new)
            } else {
                trim(old, new, book, &entries)
            }
            offsets[book + 1] = Int32(entries.count)
        }
        return SparseRows(offsets: offsets, entries: entries)
    }

    /// The pairs of `chunks` as one row per book, in their order.
    /// - Complexity: O(pairs + itemCount).
    private static func grouped(_ chunks: [[Pair]], itemCount: Int) -> SparseRows {
        let (offsets, entries) = CountingSort.sort(slices: [0..<chunks.count], keyCount: itemCount, threads: 1) {
            chunkRange, emit in
            for chunk in chunks[chunkRange] {
                for pair in chunk { emit(pair.book, SparseEntry(column: pair.neighbor, value: pair.value)) }
            }
        }
        return SparseRows(offsets: offsets, entries: entries)
    }
}
