/// A fixed-capacity selection of the best entries seen, kept as a binary heap
/// with the worst kept entry at the root.
///
/// An entry is better than another when its score is higher, or the scores are
/// equal and its rank (an item's position in sorted key order) is lower, so
/// the selection never depends on the order entries arrive in. Nothing is
/// allocated after `init`.
struct TopK {
    let capacity: Int
    private(set) var count = 0
    private var scores: [Float]
    private var ranks: [Int32]
    private var payloads: [Int32]

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        scores = [Float](repeating: 0, count: self.capacity)
        ranks = [Int32](repeating: 0, count: self.capacity)
        payloads = [Int32](repeating: 0, count: self.capacity)
    }

    /// Whether an entry with this score and rank would be kept.
    @inline(__always)
    func accepts(score: Float, rank: Int32) -> Bool {
        if count < capacity { return true }
        guard capacity > 0 else { return false }
        return Self.isBetter(score, rank, than: scores[0], ranks[0])
    }

    /// Keeps the entry if it is among the best `capacity` seen so far.
    mutating func insert(score: Float, rank: Int32, payload: Int32) {
        if count < capacity {
            scores[count] = score
            ranks[count] = rank
            payloads[count] = payload
            count += 1
            siftUp(count - 1)
        } else if accepts(score: score, rank: rank) {
            scores[0] = score
            ranks[0] = rank
            payloads[0] = payload
            siftDown(0, limit: count)
        }
    }

    /// Sorts the kept entries best first; read them with `entry(at:)`, then
    /// call `removeAll()` before the next round of inserts.
    mutating func sortBestFirst() {
        var end = count
        while end > 1 {
            end -= 1
            swapAt(0, end)
            siftDown(0, limit: end)
        }
    }

    /// The entry at `index`: in heap order (the worst kept at 0), or best
    /// first after `sortBestFirst()`.
    func entry(at index: Int) -> (score: Float, rank: Int32, payload: Int32) {
        (scores[index], ranks[index], payloads[index])
    }

    /// Empties the selection, keeping its storage.
    mutating func removeAll() {
        count = 0
    }

    @inline(__always)
    private static func isBetter(_ score: Float, _ rank: Int32, than other: Float, _ otherRank: Int32) -> Bool {
        score > other || (score == other && rank < otherRank)
    }

    /// True when the entry at `a` is worse than the one at `b`.
    @inline(__always)
    private func isWorse(_ a: Int, _ b: Int) -> Bool {
        Self.isBetter(scores[b], ranks[b], than: scores[a], ranks[a])
    }

    private mutating func swapAt(_ a: Int, _ b: Int) {
        scores.swapAt(a, b)
        ranks.swapAt(a, b)
        payloads.swapAt(a, b)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard isWorse(child, parent) else { return }
            swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int, limit: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < limit else { return }
            var worst = left
            if left + 1 < limit && isWorse(left + 1, left) { worst = left + 1 }
            guard isWorse(worst, parent) else { return }
            swapAt(worst, parent)
            parent = worst
        }
    }
}
