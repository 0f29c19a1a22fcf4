/// One top-K selection per item, each created on its first offer and kept
/// side by side in one growable pool: a worker's candidates for the items it
/// does not own.
///
/// Entries are `(score, rank)`, ordered as in `TopK`, so which entries are
/// kept never depends on the order offers arrive in. Memory grows only for
/// items that are offered something.
struct HeapPool {
    let capacity: Int
    /// Per item: its heap's index in the pool, or -1.
    private var heapOf: [Int32]
    /// Per item: the lowest score that can still get in (-∞ until the heap is full).
    private var floor: [Float]
    private var counts: [Int32] = []
    private var scores: [Float] = []
    private var ranks: [Int32] = []

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
            scores.append(contentsOf: repeatElement(0, count: capacity))
            ranks.append(contentsOf: repeatElement(0, count: capacity))
        }
        let base = heap * capacity
        let count = Int(counts[heap])
        if count < capacity {
            scores[base + count] = score
            ranks[base + count] = rank
            counts[heap] += 1
            siftUp(base: base, from: count)
        } else if score > scores[base] || (score == scores[base] && rank < ranks[base]) {
            scores[base] = score
            ranks[base] = rank
            siftDown(base: base)
        } else {
            return
        }
        if count + 1 >= capacity { floor[item] = scores[base] }
    }

    /// Calls `body` with every entry kept for `item`, in no particular order.
    func forEach(of item: Int, _ body: (_ score: Float, _ rank: Int32) -> Void) {
        let heap = Int(heapOf[item])
        guard heap >= 0 else { return }
        let base = heap * capacity
        for slot in base..<base + Int(counts[heap]) { body(scores[slot], ranks[slot]) }
    }

    /// True when the entry at `a` is worse than the one at `b`.
    @inline(__always)
    private func isWorse(_ a: Int, _ b: Int) -> Bool {
        scores[a] < scores[b] || (scores[a] == scores[b] && ranks[a] > ranks[b])
    }

    private mutating func swapAt(_ a: Int, _ b: Int) {
        scores.swapAt(a, b)
        ranks.swapAt(a, b)
    }

    private mutating func siftUp(base: Int, from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard isWorse(base + child, base + parent) else { return }
            swapAt(base + child, base + parent)
            child = parent
        }
    }

    private mutating func siftDown(base: Int) {
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < capacity else { return }
            var worst = left
            if left + 1 < capacity && isWorse(base + left + 1, base + left) { worst = left + 1 }
            guard isWorse(base + worst, base + parent) else { return }
            swapAt(base + worst, base + parent)
            parent = worst
        }
    }
}
