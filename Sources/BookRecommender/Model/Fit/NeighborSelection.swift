/// One worker's selection of neighbours while fitting: the best neighbours
/// of the item at hand (`best`) and, for the dense kernel, which finds each
/// pair once from its lower item, the best lower neighbours of every other
/// item (`lowerCandidates`). The sparse kernel finds each pair from both
/// items, so it keeps no lower candidates and offers with `offer(similarity:other:)`.
///
/// Both selections keep the best by (similarity, key rank), so which pairs are
/// kept never depends on the order pairs are offered in.
struct NeighborSelection {
    private let keyRank: [Int32]
    private let threshold: Float
    private var best: TopK
    /// The lowest similarity `best` can still take (until it is full, the
    /// item's bound from `startItem(floor:)`, else -∞): most pairs are
    /// turned away by this one comparison.
    private var bestFloor: Float = -.infinity
    /// Candidates this worker found for items it does not own.
    private(set) var lowerCandidates: HeapPool

    /// A selection over items ranked by `keyRank` (one entry per item), with
    /// room for every item's lower candidates when `keepsLowerCandidates`.
    init(keyRank: [Int32], options: ModelOptions, keepsLowerCandidates: Bool = true) {
        self.keyRank = keyRank
        threshold = options.threshold
        best = TopK(capacity: options.neighbors)
        lowerCandidates = HeapPool(itemCount: keepsLowerCandidates ? keyRank.count : 0, capacity: options.neighbors)
    }

    /// Offers the pair (`item`, `other > item`) with `similarity`: to `item`'s
    /// own selection and to `other`'s in `lowerCandidates`, when it reaches
    /// the threshold.
    /// - Complexity: O(1) when rejected, O(log neighbors) when kept.
    @inline(__always)
    mutating func offer(similarity: Float, item itemRank: Int32, other: Int) {
        guard similarity >= threshold else { return }
        lowerCandidates.offer(item: other, score: similarity, rank: itemRank)
        offer(similarity: similarity, other: other)
    }

    /// Offers `other` as a neighbour of the item at hand only, when it
    /// reaches the threshold.
    /// - Complexity: O(1) when rejected, O(log neighbors) when kept.
    @inline(__always)
    mutating func offer(similarity: Float, other: Int) {
        guard similarity >= threshold, similarity >= bestFloor else { return }
        let otherRank = keyRank[other]
        guard best.accepts(score: similarity, rank: otherRank) else { return }
        best.insert(score: similarity, rank: otherRank, payload: Int32(other))
        if best.count == best.capacity { bestFloor = best.entry(at: 0).score }
    }

    /// The lowest similarity the item at hand can still take: pairs below it
    /// need not be offered.
    var floor: Float { max(threshold, bestFloor) }

    /// Turns away, for the item at hand, every pair below `floor`: a lower
    /// bound on the similarity of the last neighbour it keeps (`ListFloor`).
    mutating func startItem(floor: Float) {
        bestFloor = floor
    }

    /// Appends the current item's kept neighbours (heap order) to `block` as
    /// one row, and empties the selection for the next item.
    mutating func finishItem(into block: inout ItemNeighbors.Block) {
        for index in 0..<best.count {
            let neighbor = best.entry(at: index)
            block.entries.append(SparseEntry(column: neighbor.payload, value: neighbor.score))
        }
        block.lengths.append(Int32(best.count))
        best.removeAll()
        bestFloor = -.infinity
    }
}
