/// One top-K selection per item, each created on its first offer and kept
/// side by side in one growable pool: a worker's candidates for the items it
/// does not own.
///
/// Entries are `(score, rank)`, ordered as in `TopK`, so which entries are
/// kept never depends on the order offers arrive in. Memory grows only for
/// items that are offered something.
struct HeapPool {
    private struct Entry: RankedEntry {
        var score: Float
        var rank: Int32
    }

    let capacity: Int
    /// Per item: its heap's index in the pool, or -1.
    private var heapOf: [Int32]
    /// Per item: the lowest score that can still get in (-∞ until the heap is full).
    private var floor: [Float]
    private var counts: [Int32] = []
    /// Heap `h` holds `entries[h * capacity..<h * capacity + counts[h]]`, its worst entry first.
    private var entries: [Entry] = []

    init(itemCount: Int, capacity: Int) {
        self.capacity = max(0, capacity)
        heapOf = [Int32](repeating: -1, count: itemCount)
        floor = [Float](repeating: -.infinity, count: itemCount)
    }

    /// Keeps `(score, rank)` for `item` if it is among the best `capacity` offered to it.
    @inline(__always)
    mutating func offer(item: Int, score: Float, rank: Int32) {
        guard score >= floor[item], capacity > 0 else { return }
        var heap = Int(heapOf[item])
        if heap < 0 {
            heap = counts.count
            heapOf[item] = Int32(heap)
            counts.append(0)
            entries.append(contentsOf: repeatElement(Entry(score: 0, rank: 0), count: capacity))
        }
        let entry = Entry(score: score, rank: rank)
        let (base, count, capacity) = (heap * capacity, Int(counts[heap]), self.capacity)
        // The heap's worst entry after the offer, or nil when the offer was turned away.
        let worst: Float? = entries.withUnsafeMutableBufferPointer { entries in
            let slots = UnsafeMutableBufferPointer(rebasing: entries[base..<base + capacity])
            if count < capacity {
                WorstFirstHeap.siftUp(entry, from: count, in: slots)
            } else if WorstFirstHeap.isBetter(entry, than: slots[0]) {
                WorstFirstHeap.siftDown(entry, limit: capacity, in: slots)
            } else {
                return nil
            }
            return slots[0].score
        }
        guard let worst else { return }
        counts[heap] = Int32(min(count + 1, capacity))
        if count + 1 >= capacity { floor[item] = worst }
    }

    /// Calls `body` with every entry kept for `item`, in no particular order.
    func forEach(of item: Int, _ body: (_ score: Float, _ rank: Int32) -> Void) {
        let heap = Int(heapOf[item])
        guard heap >= 0 else { return }
        let base = heap * capacity
        for slot in base..<base + Int(counts[heap]) { body(entries[slot].score, entries[slot].rank) }
    }
}
