/// The pairs `NeighborFinder` finds from one of their books and hands to the
/// other, when it finds each pair once: one worker's, kept in chunks so that
/// growing never copies them, then every worker's grouped by the book handed to.
///
/// Only pairs at or above that book's bound in `BookFloors` are handed over.
struct HandedPairs: Sendable {
    /// `neighbor`, at `value`, is a candidate neighbour of `book`.
    struct Pair: BitwiseCopyable, Sendable {
        var book: Int32
        var neighbor: Int32
        var value: Float
    }

    private var chunks: [[Pair]] = []
    /// Pairs per chunk: large enough that chunks are few, small beside the whole.
    private static let chunkSize = 1 << 20

    /// How many pairs are kept.
    var count: Int { chunks.reduce(0) { $0 + $1.count } }

    /// Keeps `pairs`.
    mutating func append(_ pairs: UnsafeBufferPointer<Pair>) {
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
