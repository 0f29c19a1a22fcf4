/// A fixed-capacity selection of the best entries seen, kept as a binary heap
/// with the worst kept entry at the root.
///
/// An entry is better than another when its score is higher, or the scores are
/// equal and its rank (an item's position in sorted key order) is lower, so
/// the selection never depends on the order entries arrive in. Nothing is
/// allocated after `init`.
struct TopK {
    struct Entry: RankedEntry {
        var score: Float
        var rank: Int32
        var payload: Int32
    }

    let capacity: Int
    private(set) var count = 0
    private var entries: [Entry]

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        entries = Array(repeating: Entry(score: 0, rank: 0, payload: 0), count: self.capacity)
    }

    /// Whether an entry with this score and rank would be kept.
    @inline(__always)
    func accepts(score: Float, rank: Int32) -> Bool {
        if count < capacity { return true }
        guard capacity > 0 else { return false }
        return WorstFirstHeap.isBetter(Entry(score: score, rank: rank, payload: 0), than: entries[0])
    }

    /// Whether an entry with this score could be kept, whatever its rank: for
    /// callers whose rank is a random read, most entries are turned away
    /// before it.
    @inline(__always)
    func mayAccept(score: Float) -> Bool {
        count < capacity || (capacity > 0 && score >= entries[0].score)
    }

    /// Keeps the entry if it is among the best `capacity` seen so far.
    mutating func insert(score: Float, rank: Int32, payload: Int32) {
        let entry = Entry(score: score, rank: rank, payload: payload)
        if count < capacity {
            count += 1
            let count = self.count
            entries.withUnsafeMutableBufferPointer { WorstFirstHeap.siftUp(entry, from: count - 1, in: $0) }
        } else if accepts(score: score, rank: rank) {
            let count = self.count
            entries.withUnsafeMutableBufferPointer { WorstFirstHeap.siftDown(entry, limit: count, in: $0) }
        }
    }

    /// Sorts the kept entries best first; read them with `entry(at:)`, then
    /// call `removeAll()` before the next round of inserts.
    mutating func sortBestFirst() {
        let count = self.count
        entries.withUnsafeMutableBufferPointer { heap in
            for end in stride(from: count - 1, to: 0, by: -1) {
                let last = heap[end]
                heap[end] = heap[0]
                WorstFirstHeap.siftDown(last, limit: end, in: heap)
            }
        }
    }

    /// The entry at `index`: in heap order (the worst kept at 0), or best
    /// first after `sortBestFirst()`.
    @inline(__always)
    func entry(at index: Int) -> Entry {
        entries[index]
    }

    /// Empties the selection, keeping its storage.
    mutating func removeAll() {
        count = 0
    }
}
