/// One worker's scratch for the dense kernel of `ItemNeighbors`: a dense
/// `blockSize × items` accumulator of pair sums (dot product and co-rater
/// count) for one block of consecutive items, a per-user cursor into the
/// user's row, and the worker's `NeighborSelection`. Nothing is allocated
/// per pair.
///
/// A cell is `SIMD2(dot, count)` with the count as a `Float`, so a pair costs
/// one 8-byte vector add instead of two 4-byte read-modify-writes (the
/// kernel ran about 10 % faster on the 6M benchmark). The count stays exact
/// below 2²⁴ co-raters, which `maxUsers` guarantees.
///
/// For a block of items `[lower, upper)`, each user's row is read once: for
/// every book `i` of the row inside the block, the rest of the row (books
/// `j > i`, already in cache) adds `x_ui · x_uj` and 1 to row `i − lower` of
/// the accumulator. Users go in ascending order, so each pair's sum is built
/// in the same order as `NeighborFinder` builds it, and the similarity comes
/// from the same `NeighborFinder.similarity(of:…)`: the lists are the same
/// bit for bit, for every similarity, shrinkage and threshold. A heavy
/// reader's row is fetched once per block instead of once per book, which is
/// what makes this kernel fast.
struct DenseBlockFinder: ~Copyable {
    private let input: DenseInput
    private let similarity: Similarity
    private let shrinkage: Float
    private let blockSize: Int
    /// `(dot, count)` per cell; see the type's documentation.
    private let sums: ScratchArray<SIMD2<Float>>
    /// Per user: the first entry of their row not yet passed by this worker.
    private let cursor: ScratchArray<Cursor>
    private(set) var selection: NeighborSelection

    /// The most users the kernel takes: every count up to it is exact as a `Float`.
    static let maxUsers = 1 << 24

    /// Scratch for blocks of at most `blockSize` items.
    init(input: DenseInput, options: ModelOptions, blockSize: Int) {
        self.input = input
        similarity = options.similarity
        shrinkage = max(0, options.shrinkage)
        self.blockSize = blockSize
        precondition(input.userCount <= Self.maxUsers, "DenseBlockFinder: too many users for exact Float counts")
        sums = ScratchArray(count: blockSize * input.itemCount, filledWith: .zero)
        cursor = ScratchArray(count: input.userCount, filledWith: Cursor(position: 0, column: 0))
        let byUser = input.users
        for user in 0..<input.userCount {
            let position = Int(byUser.offsets[user])
            cursor[user] = Cursor(
                position: Int32(position),
                column: position < Int(byUser.offsets[user + 1]) ? byUser.entries[position].column : .max)
        }
        selection = NeighborSelection(keyRank: input.keyRank, options: options)
    }

    /// Each item's best neighbours above it, for the items in `items`, in item
    /// order; offers each pair to the upper item's selection in
    /// `selection.lowerCandidates`. A worker must pass its blocks in
    /// ascending order (the cursors only move forward).
    /// - Complexity: O(users + Σ over users of their ratings in `items` ·
    ///   their ratings above them + items.count · itemCount).
    mutating func neighbors(of items: Range<Int>) -> ItemNeighbors.Block {
        precondition(items.count <= blockSize, "DenseBlockFinder: block larger than its scratch")
        accumulate(block: items)
        var block = ItemNeighbors.Block()
        block.lengths.reserveCapacity(items.count)
        for item in items {
            select(item: item, row: sums.base + (item - items.lowerBound) * input.itemCount)
            selection.finishItem(into: &block)
        }
        return block
    }

    /// Adds `x_ui · x_uj` and 1 to row `i − lower` for every user `u`, every
    /// book `i` of `u`'s inside `block` and every later book `j` of `u`'s.
    /// A user whose next book lies above the block is passed over on the
    /// cursor alone, without fetching their row.
    private func accumulate(block: Range<Int>) {
        let itemCount = input.itemCount
        let (lower, upper) = (Int32(block.lowerBound), Int32(block.upperBound))
        input.users.entries.withUnsafeBufferPointer { entries in
            input.users.offsets.withUnsafeBufferPointer { offsets in
                for user in 0..<input.userCount where cursor[user].column < upper {
                    var position = Int(cursor[user].position)
                    let end = Int(offsets[user + 1])
                    while position < end && entries[position].column < lower { position += 1 }
                    while position < end && entries[position].column < upper {
                        let x = entries[position].value
                        let row = sums.base + Int(entries[position].column - lower) * itemCount
                        position += 1
                        for other in position..<end {
                            let entry = entries[other]
                            let cell = row + Int(entry.column)
                            cell.pointee += SIMD2(x * entry.value, 1)
                        }
                    }
                    cursor[user] = Cursor(
                        position: Int32(position), column: position < end ? entries[position].column : .max)
                }
            }
        }
    }

    /// Turns `item`'s accumulator row into similarities for the pairs with a
    /// co-rater, offers them to `selection`, and clears the row.
    private mutating func select(item: Int, row: UnsafeMutablePointer<SIMD2<Float>>) {
        let itemRank = input.keyRank[item]
        let (similarity, shrinkage) = (self.similarity, self.shrinkage)
        input.norms.withUnsafeBufferPointer { norms in
            let itemNorm = norms[item]
            for other in item + 1..<input.itemCount where row[other].y != 0 {
                let sum = NeighborFinder.PairSum(dot: row[other].x, common: Int32(row[other].y))
                row[other] = .zero
                let value = NeighborFinder.similarity(
                    of: sum, norms: itemNorm, norms[other], similarity: similarity, shrinkage: shrinkage)
                selection.offer(similarity: value, item: itemRank, other: other)
            }
        }
    }

    /// Where a worker is in one user's row: the entry's index and its book
    /// (`Int32.max` past the end), so users without books in a block are
    /// skipped on this array alone.
    struct Cursor: BitwiseCopyable {
        var position: Int32
        var column: Int32
    }
}
