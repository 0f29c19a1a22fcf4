/// The pairs `NeighborFinder` finds from one of their books and hands to the
/// other, when it finds each pair once: one worker's, kept in chunks so that
/// growing never copies them, then every worker's grouped by the book handed to.
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

    private var chunks: [[Pair]] = []
    /// How many pairs are kept.
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
    /// - Complexity: O(pairs + itemCount).
    mutating func keepBest(neighbors: Int, keyRank: [Int32], floors: BookFloors.Values, itemCount: Int) {
        let grouped = Self.rows(of: [self], itemCount: itemCount, threads: 1)
        chunks = []
        count = 0
        var best = TopK(capacity: neighbors)
        var kept: [Pair] = []
        kept.reserveCapacity(Self.chunkSize)
        for book in 0..<itemCount {
            let group = grouped.entries[grouped.range(of: book)]
            if group.count < neighbors {
                kept.append(contentsOf: group.map { Pair(book: Int32(book), neighbor: $0.column, value: $0.value) })
            } else {
                best.offer(neighbors: group, keyRank: keyRank)
                for index in 0..<best.count {
                    let entry = best.entry(at: index)
                    kept.append(Pair(book: Int32(book), neighbor: entry.payload, value: entry.score))
                }
                // A heap keeps its worst at 0.
                if best.count == neighbors, neighbors > 0 { floors.raise(book, to: best.entry(at: 0).score) }
                best.removeAll()
            }
            if kept.count >= Self.chunkSize {
                kept.withUnsafeBufferPointer { append($0) }
                kept.removeAll(keepingCapacity: true)
            }
        }
        kept.withUnsafeBufferPointer { append($0) }
    }

    /// Every worker's pairs as one row per book (`itemCount` rows), each
    /// entry a neighbour (`column`) and the pair's similarity, grouped
    /// on `threads` workers. The order within a row is the workers' and
    /// carries no meaning: the selection that reads it does not depend on it.
    /// - Complexity: O(pairs + threads · itemCount).
    static func rows(of workers: [HandedPairs], itemCount: Int, threads: Int) -> SparseRows {
        let chunks = workers.flatMap(\.chunks)
        let sliceCount = max(1, min(threads, chunks.count))
        let slices = (0..<sliceCount).map { chunks.count * $0 / sliceCount..<chunks.count * ($0 + 1) / sliceCount }
        let (offsets, entries) = CountingSort.sort(slices: slices, keyCount: itemCount, threads: threads) {
            chunkRange, emit in
            for chunk in chunks[chunkRange] {
                for pair in chunk { emit(pair.book, SparseEntry(column: pair.neighbor, value: pair.value)) }
            }
        }
        return SparseRows(offsets: offsets, entries: entries)
    }
}
