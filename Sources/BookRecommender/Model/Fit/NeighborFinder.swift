import CPrefetch

/// One worker's scratch for the sparse kernel of `ItemNeighbors`, which works
/// for every similarity and option: an accumulator over one range of books at
/// a time, the list of its cells touched, a cursor into each rater's row, and
/// the worker's `NeighborSelection`. Nothing is allocated per pair.
///
/// Per item `i`, every rater `u` of `i` (ascending) and every other book `j`
/// that `u` rated add `x_ui · x_uj` and 1 to `j`'s cell. No worker holds a
/// candidate heap per book: on a wide catalog such a pool is far larger than
/// any cache. So each pair is found one of two ways:
/// - from both of its books (`positions` nil), each book keeping its own
///   best neighbours: twice the additions, nothing handed between books;
/// - once, from its upper book `i` (books `j < i` only: each rater's walk
///   stops at `i`, found through `positions`), which keeps its own best and
///   hands the pair to `j` (`handedPairs`) when it reaches `j`'s bound in
///   `BookFloors`. Books go in ascending order, so `j` is mostly done by
///   then and its bound is its own selection's floor, which few pairs reach
///   (a lower book has more readers, so its own candidates score higher).
///   Without `ListFloor` bounds more pairs are handed over; books whose own
///   lists another part finds are never done, so their bounds rise only as
///   `HandedPairs.keepBest` trims their pairs to the best.
///
/// The sums of a pair are built in ascending user order from the same
/// products whichever book finds them, so they are equal bit for bit, and
/// equal to the dense kernel's.
///
/// The books are taken in ranges of `columnsPerBlock` (`columns(itemCount:)`)
/// so that the accumulator, the touched list and the bounds of one range stay
/// in cache whatever the catalog's width: for each range every rater's row is
/// walked on from its cursor up to the range's end. Each item's selection
/// starts at the item's `ListFloor` bound, so on a wide catalog most pairs
/// are scored and turned away without touching the selection.
struct NeighborFinder: ~Copyable {
    /// What item `i` shares with item `j` so far: `Σ x_ui · x_uj` and the co-rater count.
    struct PairSum: BitwiseCopyable {
        var dot: Float
        var common: Int32
    }

    /// Where the walk of one rater's row is: the next entry and the row's end.
    struct Cursor: BitwiseCopyable {
        var position: Int32
        var end: Int32
    }

    private let matrix: RatingMatrix
    private let vectors: ItemVectors
    /// Per book: the bound its selection starts at, and a pair handed to it must reach.
    private let floors: BookFloors
    /// Finding each pair once: where each rater's walk stops. Nil: each pair
    /// is found from both books.
    private let positions: RaterPositions?
    private let similarity: Similarity
    private let shrinkage: Float
    private let shrinkFactors: ShrinkFactors
    private let columnsPerBlock: Int
    /// One cell per book of the current range.
    private let sums: ScratchArray<PairSum>
    /// The books of the current range touched so far, in first-touch order,
    /// with room for one more (the touch is written before it is counted).
    private let touched: ScratchArray<Int32>
    /// Per rater of the current item, in the order of `matrix.byItem`.
    private let cursors: ScratchArray<Cursor>
    /// The pairs of the current range that reach the selection's floor.
    private let passed: ScratchArray<SparseEntry>
    /// Finding each pair once: the pairs of the current range that reach their lower book's bound.
    private let handing: ScratchArray<HandedPairs.Pair>
    private(set) var selection: NeighborSelection
    /// Finding each pair once: the pairs handed to lower books so far.
    private var handedPairs = HandedPairs()
    /// Finding each pair once: at this many handed pairs, keep only each book's best.
    private var handedLimit = firstHandedLimit
    /// 48 MB of handed pairs; after each `HandedPairs.keepBest`, twice what it kept.
    private static let firstHandedLimit = 1 << 22
    private let neighbors: Int
    /// How far ahead rows and norms are prefetched: raters in `accumulate`,
    /// touches in `select`.
    private static let prefetchDistance = 16
    /// Bytes of accumulator per range of books: with the touched list and
    /// the norms of the range, well inside a core's L2 cache.
    private static let accumulatorBytes = 1 << 18

    /// Books per range for a catalog of `itemCount` books: as many cells as
    /// fit in `accumulatorBytes`, the whole catalog when it is narrower.
    static func columns(itemCount: Int) -> Int {
        max(1, min(itemCount, accumulatorBytes / MemoryLayout<PairSum>.stride))
    }

    /// Scratch for `matrix` with ranges of `columnsPerBlock` books, each
    /// item's selection starting at its bound in `floors`, finding each pair
    /// once when given `positions` (of every item the finder is asked for).
    init(
        matrix: RatingMatrix, vectors: ItemVectors, floors: BookFloors, positions: RaterPositions?,
        options: ModelOptions,
        columnsPerBlock: Int
    ) {
        self.matrix = matrix
        self.vectors = vectors
        self.floors = floors
        self.positions = positions
        similarity = options.similarity
        neighbors = options.neighbors
        shrinkage = max(0, options.shrinkage)
        shrinkFactors = ShrinkFactors(shrinkage: shrinkage)
        self.columnsPerBlock = max(1, columnsPerBlock)
        sums = ScratchArray(count: self.columnsPerBlock, filledWith: PairSum(dot: 0, common: 0))
        touched = ScratchArray(count: self.columnsPerBlock + 1, filledWith: 0)
        passed = ScratchArray(count: self.columnsPerBlock, filledWith: SparseEntry(column: 0, value: 0))
        handing = ScratchArray(
            count: positions == nil ? 0 : self.columnsPerBlock,
            filledWith: HandedPairs.Pair(book: 0, neighbor: 0, value: 0))
        cursors = ScratchArray(count: matrix.userCount, filledWith: Cursor(position: 0, end: 0))
        selection = NeighborSelection(keyRank: matrix.keyRank, options: options, keepsLowerCandidates: false)
    }

    /// Each item's best neighbours, for the items in `items`, in item order.
    /// - Complexity: O(Σ over the raters of the items of their ratings
    ///   + (ratings of the items) · itemCount / columnsPerBlock).
    mutating func neighbors(of items: Range<Int>) -> ItemNeighbors.Block {
        var block = ItemNeighbors.Block()
        block.lengths.reserveCapacity(items.count)
        for item in items {
            startRows(of: item)
            // Finding each pair once, only the books below `item` are met.
            let end = positions == nil ? matrix.itemCount : item
            for lower in stride(from: 0, to: end, by: columnsPerBlock) {
                let columns = lower..<min(lower + columnsPerBlock, matrix.itemCount)
                select(item: item, lower: lower, touchedCount: accumulate(item: item, columns: columns))
            }
            if positions != nil { floors.values.raise(item, to: selection.floor) }
            selection.finishItem(into: &block)
        }
        return block
    }

    /// Finding each pair once: the pairs handed to lower books, one row per
    /// book (`HandedPairs.takeRows`); none are held after.
    mutating func takeHandedRows() -> SparseRows {
        handedPairs.takeRows(itemCount: matrix.itemCount)
    }

    /// Points each rater's cursor at the start of their row (to stop at
    /// `item` when finding each pair once), and starts the item's selection
    /// at its bound.
    private mutating func startRows(of item: Int) {
        let raters = matrix.byItem.range(of: item)
        selection.startItem(floor: floors.values[item])
        vectors.itemEntries.withUnsafeBufferPointer { itemEntries in
            matrix.byUser.offsets.withUnsafeBufferPointer { offsets in
                for (slot, rater) in raters.enumerated() {
                    let user = Int(itemEntries[rater].column)
                    let end = positions.map { $0[rater] } ?? offsets[user + 1]
                    cursors[slot] = Cursor(position: offsets[user], end: end)
                }
            }
        }
    }

    /// Adds `x_ui · x_uj` and 1 for every rater `u` of `item` and every book
    /// `j` of `columns` that `u` rated (`item` itself included: `select`
    /// passes it over); returns how many cells were touched.
    ///
    /// The loop waits on memory when it starts a rater's segment, so the
    /// segment a few raters ahead is prefetched; the touch is written
    /// unconditionally and counted only for a fresh cell, which spares a
    /// branch that goes either way.
    private func accumulate(item: Int, columns: Range<Int>) -> Int {
        let raters = matrix.byItem.range(of: item)
        let (lower, upper) = (columns.lowerBound, Int32(columns.upperBound))
        return vectors.itemEntries.withUnsafeBufferPointer { itemEntries in
            vectors.userEntries.withUnsafeBufferPointer { userEntries in
                var touchedCount = 0
                let cells = sums.base - lower
                for slot in 0..<raters.count {
                    if slot + Self.prefetchDistance < raters.count {
                        let ahead = cursors[slot + Self.prefetchDistance].position
                        bookrec_prefetch(userEntries.baseAddress! + Int(ahead))
                    }
                    let x = itemEntries[raters.lowerBound + slot].value
                    var cursor = cursors[slot]
                    while cursor.position < cursor.end {
                        let entry = userEntries[Int(cursor.position)]
                        if entry.column >= upper { break }
                        let cell = cells + Int(entry.column)
                        touched[touchedCount] = entry.column
                        touchedCount &+= cell.pointee.common == 0 ? 1 : 0
                        cell.pointee.common &+= 1
                        cell.pointee.dot += x * entry.value
                        cursor.position &+= 1
                    }
                    cursors[slot] = cursor
                }
                return touchedCount
            }
        }
    }

    /// Turns the touched cells of the range starting at book `lower` into
    /// similarities, offers them to `selection`, hands those that reach their
    /// lower book's bound over (finding each pair once), and clears the cells.
    ///
    /// First every cell is scored and cleared, and the pairs that reach the
    /// selection's floor or their book's bound are kept aside (written always,
    /// counted only when they pass, so no branch goes either way); then only
    /// those are offered or handed over, their key ranks prefetched a few
    /// ahead: the key ranks of the whole catalog do not stay in cache, and
    /// most pairs never need theirs. The rows streamed by `accumulate` push
    /// the range's norms out of cache too, so they are prefetched a few
    /// touches ahead; BM25's, all 1, are not read at all.
    private mutating func select(item: Int, lower: Int, touchedCount: Int) {
        let (similarity, shrinkage) = (self.similarity, self.shrinkage)
        let unitNorms = similarity == .bm25
        let handsOver = positions != nil
        let (cells, kept, bounds) = (sums.base - lower, passed.base, floors.values)
        let floor = selection.floor
        var keptCount = 0
        vectors.norms.withUnsafeBufferPointer { norms in
            let itemNorm = norms[item]
            for slot in 0..<touchedCount {
                if !unitNorms && slot + Self.prefetchDistance < touchedCount {
                    bookrec_prefetch(norms.baseAddress! + Int(touched[slot + Self.prefetchDistance]))
                }
                let other = Int(touched[slot])
                let sum = cells[other]
                cells[other] = PairSum(dot: 0, common: 0)
                // BM25's `dot / (1 · 1)` is `dot` exactly, and the table holds the same quotient `similarity` takes.
                let value =
                    unitNorms
                    ? (shrinkage > 0 ? sum.dot * shrinkFactors.factor(common: sum.common) : sum.dot)
                    : Self.similarity(
                        of: sum, norms: itemNorm, norms[other], similarity: similarity, shrinkage: shrinkage)
                kept[keptCount] = SparseEntry(column: Int32(other), value: value)
                // Integers, not `&&` and `||`, which would branch either way.
                let offered = (value >= floor ? 1 : 0) & (other != item ? 1 : 0)
                // Loop-invariant, so the both-books kernel never reads a bound.
                let handed = handsOver ? (value >= bounds[other] ? 1 : 0) : 0
                keptCount &+= offered | handed
            }
        }
        var handedCount = 0
        matrix.keyRank.withUnsafeBufferPointer { keyRank in
            for slot in 0..<keptCount {
                if slot + Self.prefetchDistance < keptCount {
                    bookrec_prefetch(keyRank.baseAddress! + Int(kept[slot + Self.prefetchDistance].column))
                }
                let (other, value) = (Int(kept[slot].column), kept[slot].value)
                selection.offer(similarity: value, other: other)
                if handsOver && value >= bounds[other] {
                    handing[handedCount] = HandedPairs.Pair(book: Int32(other), neighbor: Int32(item), value: value)
                    handedCount += 1
                }
            }
        }
        guard handedCount > 0 else { return }
        handedPairs.append(UnsafeBufferPointer(start: handing.base, count: handedCount))
        if handedPairs.count >= handedLimit {
            handedPairs.keepBest(
                neighbors: neighbors, keyRank: matrix.keyRank, floors: bounds, itemCount: matrix.itemCount)
            handedLimit = max(Self.firstHandedLimit, 2 * handedPairs.count)
        }
    }

    /// The similarity of a pair with `sum` (at least one co-rater) whose
    /// items have norms `a` and `b` (`ItemVectors.norms`), shrunk by
    /// `n / (n + shrinkage)` when `shrinkage > 0`. Both kernels call this, so
    /// they agree bit for bit; it is symmetric in `a` and `b`, so a pair
    /// found from either of its books gets the same value.
    @inline(__always)
    static func similarity(
        of sum: PairSum, norms a: Float, _ b: Float, similarity: Similarity, shrinkage: Float
    ) -> Float {
        let n = Float(sum.common)
        var value: Float
        switch similarity {
        case .cosine, .pearson, .bm25, .tfidf, .ease, .auto:
            let denominator = a * b
            value = denominator > 0 ? sum.dot / denominator : 0
        case .jaccard:
            value = n / (a + b - n)
        }
        if shrinkage > 0 { value *= n / (n + shrinkage) }
        return value
    }
}
