/// An entry of a selection: a score, and a rank that breaks ties (lower wins).
protocol RankedEntry: BitwiseCopyable {
    var score: Float { get }
    var rank: Int32 { get }
}

/// The sifts of a binary heap that keeps its worst entry at the root, shared
/// by `TopK` and `HeapPool`. Each moves entries into a hole instead of
/// swapping, and works on raw storage so a caller pays one uniqueness check
/// per insert rather than one per move.
enum WorstFirstHeap {
    /// Whether `entry` is better than `other`: a higher score, or an equal score and a lower rank.
    @inline(__always)
    static func isBetter<Entry: RankedEntry>(_ entry: Entry, than other: Entry) -> Bool {
        entry.score > other.score || (entry.score == other.score && entry.rank < other.rank)
    }

    /// Places `entry` in the hole at `start`, moving worse-than-it parents down.
    @inline(__always)
    static func siftUp<Entry: RankedEntry>(_ entry: Entry, from start: Int, in heap: UnsafeMutableBufferPointer<Entry>)
    {
        var hole = start
        while hole > 0 {
            let parent = (hole - 1) / 2
            guard isBetter(heap[parent], than: entry) else { break }
            heap[hole] = heap[parent]
            hole = parent
        }
        heap[hole] = entry
    }

    /// Places `entry` in the hole at the root of `heap[..<limit]`, moving
    /// better-than-it children up.
    @inline(__always)
    static func siftDown<Entry: RankedEntry>(_ entry: Entry, limit: Int, in heap: UnsafeMutableBufferPointer<Entry>) {
        var hole = 0
        while true {
            var worst = 2 * hole + 1
            guard worst < limit else { break }
            if worst + 1 < limit && isBetter(heap[worst], than: heap[worst + 1]) { worst += 1 }
            guard isBetter(entry, than: heap[worst]) else { break }
            heap[hole] = heap[worst]
            hole = worst
        }
        heap[hole] = entry
    }
}
