/// For every book, its most similar books: at most `ModelOptions.neighbors`,
/// best first (ties by item key), each at or above `ModelOptions.threshold`,
/// in CSR form.
///
/// Workers take blocks of items in turn; one of two kernels builds every
/// pair's dot product in the same order (ascending user), so both give the
/// same similarities bit for bit:
/// - `DenseBlockFinder` reads each user's row once per block of items into a
///   dense accumulator; it is chosen when the books are few enough that
///   scanning `items²/2` accumulator cells costs less than the pairs themselves.
///   It finds each pair once, from its lower item `i`, and offers it to `i`'s
///   selection and to `j`'s in the worker's `HeapPool`; at the end each item
///   keeps the best of its own selection and every worker's pool.
/// - `NeighborFinder` serves the rest (many books, few ratings each), one
///   item at a time over cache-sized ranges of books, tracking the pairs it
///   touches. Where books have `ListFloor` bounds (BM25) it finds each pair
///   once, from its upper item, and hands it to the lower item when it
///   reaches that item's bound (`HandedPairs`); elsewhere it finds each pair
///   from both items, so each item's own selection is its whole list.
///
/// Selections are order-independent, so the result is the same for any
/// thread count.
struct ItemNeighbors: Sendable {
    /// The ways of finding the pairs; see the type's documentation.
    enum Kernel: Sendable, Equatable {
        /// `DenseBlockFinder`, with blocks of this many items.
        case denseBlocks(itemsPerBlock: Int)
        /// `NeighborFinder` finding each pair from both of its books, with
        /// ranges of this many books (the whole catalog when larger).
        case sparse(columnsPerBlock: Int)
        /// `NeighborFinder` finding each pair once, from its upper book; the
        /// choice wherever books have `ListFloor` bounds (BM25).
        case sparseOnce(columnsPerBlock: Int)

        /// The name a part file's layout records.
        var name: String {
            switch self {
            case .denseBlocks: "dense"
            case .sparse: "sparse"
            case .sparseOnce: "sparse-once"
            }
        }

        var findsEachPairOnce: Bool {
            if case .sparseOnce = self { true } else { false }
        }
    }

    /// Row per item: its neighbours (column) and similarities (value), best first.
    let lists: SparseRows
    /// How a split training divides the work; nil for a whole fit.
    let layout: TrainingPartLayout?

    /// Items per work block of the sparse kernel: small, so heavy and light books spread over workers.
    private static let sparseBlockSize = 16
    /// Bytes of one worker's dense accumulator. Larger blocks fetch each
    /// reader's row fewer times, smaller ones stay in cache; 4 MB measured
    /// best of 1, 2, 4 and 8 MB on the goodbooks-size benchmark (`scripts/bench`).
    private static let denseBytes = 4 << 20

    /// Finds every book's neighbours in `matrix`, with `kernel` when given
    /// (tests compare the two) or else the cheaper one that applies.
    ///
    /// For a `part`, only the pairs whose lower book (in kernel order) lies in
    /// the part's blocks of `layout` are computed, and `lists` holds, per
    /// book, the best of those alone: `BookModelPart.join` keeps the best of
    /// all parts' rows, which are then the rows of a whole fit. An EASE fit is
    /// not split: part 0 fits it whole and the other parts find nothing.
    /// - Complexity: O(Σ over users of (ratings per user)² / 2) time, plus
    ///   O(items² / 2 + users · items / blockSize) for the dense kernel
    ///   (twice the pairs for the sparse kernel, plus O(ratings · items /
    ///   columnsPerBlock)); per worker, O(items · neighbors) memory plus
    ///   `denseBytes` for the dense kernel, and O(users + columnsPerBlock) for
    ///   the sparse one; 4 bytes per user. A part does its share of the pairs
    ///   (the sparse kernel finds a book's whole row from the book itself, so
    ///   a part's rows of its own books are already whole).
    ///
    /// A prepared input's part gives the `search` it computed from the whole
    /// input (for the kernel chosen here, not a given `kernel`): `matrix`'s
    /// values are then already the vectors' values, weighed by
    /// `search.weighting` (`PreparedInput.fit(part:threads:)`).
    init(
        matrix: RatingMatrix, options: ModelOptions, kernel: Kernel? = nil, part: TrainingPart? = nil,
        search: PreparedSearch? = nil
    ) {
        precondition(options.similarity != .auto, "ItemNeighbors: CollaborativeFilter.fit resolves .auto first")
        if options.similarity == .ease {
            let computed = part.map { $0.index == 0 } ?? true
            lists =
                computed
                ? LocalEASE.neighborLists(matrix: matrix, options: options)
                : SparseRows(emptyRows: matrix.itemCount)
            let whole = min(1, matrix.itemCount)
            layout = part.map {
                TrainingPartLayout(
                    kernel: "ease", itemsPerBlock: max(1, matrix.itemCount), items: matrix.itemCount,
                    cuts: [0] + [Int](repeating: whole, count: $0.count))
            }
            return
        }
        var chosen =
            kernel
            ?? (Self.denseApplies(matrix: matrix)
                ? .denseBlocks(itemsPerBlock: Self.denseBlockSize(itemCount: matrix.itemCount))
                : .sparseOnce(columnsPerBlock: NeighborFinder.columns(itemCount: matrix.itemCount)))
        let (blockSize, columnsPerBlock): (Int, Int?)
        switch chosen {
        case .denseBlocks(let itemsPerBlock): (blockSize, columnsPerBlock) = (max(1, itemsPerBlock), nil)
        case .sparse(let columns), .sparseOnce(let columns):
            (blockSize, columnsPerBlock) = (Self.sparseBlockSize, min(columns, matrix.itemCount))
        }
        let vectors = ItemVectors(
            matrix: matrix, similarity: options.similarity, threads: options.threads, entries: columnsPerBlock != nil,
            weighted: search != nil)
        let dense =
            columnsPerBlock != nil ? nil : DenseInput(matrix: matrix, vectors: vectors, threads: options.threads)
        let bounds: [Float]? =
            if dense != nil { nil } else if let search { search.floorBounds } else {
                Self.floorBounds(matrix: matrix, weighting: vectors.weighting, options: options)
            }
        // Without bounds, finding each pair once would hand every pair over.
        if kernel == nil, bounds == nil, case .sparseOnce(let columns) = chosen {
            chosen = .sparse(columnsPerBlock: columns)
        }
        let floors = BookFloors(
            dense != nil ? [] : bounds ?? [Float](repeating: -.infinity, count: matrix.itemCount),
            threshold: options.threshold)
        let blockCount = (matrix.itemCount + blockSize - 1) / blockSize
        let itemCount = matrix.itemCount
        let layout = part.map { part in
            // The dense kernel also scans every cell of a book's accumulator row above it.
            var work = TrainingPartLayout.work(
                rows: dense?.users ?? matrix.byUser, items: itemCount,
                foundFrom: dense != nil ? .lowerBook : chosen.findsEachPairOnce ? .upperBook : .bothBooks
            ) {
                dense == nil ? 1 : itemCount - $0
            }
            if dense == nil { Self.addScoredCells(to: &work, findsEachPairOnce: chosen.findsEachPairOnce) }
            return TrainingPartLayout(kernel: chosen.name, itemsPerBlock: blockSize, work: work, parts: part.count)
        }
        self.layout = layout
        // Whole blocks from a block boundary, so the shifted work blocks are the kernel's own.
        let workItems = part.flatMap { layout?.items(of: $0.index) } ?? 0..<itemCount
        let positions =
            chosen.findsEachPairOnce
            ? RaterPositions(matrix: matrix, items: workItems, threads: options.threads) : nil
        // Blocks outside the part find nothing: one empty row per book.
        var blocks = (0..<blockCount).map { block in
            Block(lengths: [Int32](repeating: 0, count: min(blockSize, itemCount - block * blockSize)), entries: [])
        }
        var pools = [HeapPool?](repeating: nil, count: max(1, options.threads))
        var handedRows = [SparseRows?](repeating: nil, count: max(1, options.threads))
        blocks.withUnsafeMutableBufferPointer { blockBuffer in
            pools.withUnsafeMutableBufferPointer { poolBuffer in
                handedRows.withUnsafeMutableBufferPointer { handedBuffer in
                    let out = SendableBuffer(blockBuffer)
                    let poolOut = SendableBuffer(poolBuffer)
                    let handedOut = SendableBuffer(handedBuffer)
                    Parallel.forEachWorker(count: workItems.count, blockSize: blockSize, threads: options.threads) {
                        worker, work in
                        let shifted = work.lazy.map {
                            WorkBlock(
                                index: $0.index + workItems.lowerBound / blockSize,
                                range: $0.range.lowerBound + workItems.lowerBound..<$0.range.upperBound
                                    + workItems.lowerBound)
                        }
                        if let dense {
                            var finder = DenseBlockFinder(input: dense, options: options, blockSize: blockSize)
                            for block in shifted { out[block.index] = finder.neighbors(of: block.range) }
                            poolOut[worker] = finder.selection.lowerCandidates
                        } else {
                            var finder = NeighborFinder(
                                matrix: matrix, vectors: vectors, floors: floors, positions: positions,
                                options: options, columnsPerBlock: columnsPerBlock ?? 1)
                            for block in shifted { out[block.index] = finder.neighbors(of: block.range) }
                            if positions != nil { handedOut[worker] = finder.takeHandedRows() }
                        }
                    }
                }
            }
        }
        lists = Self.merge(
            blocks: blocks, blockSize: blockSize, pools: pools.compactMap { $0 }, handed: handedRows.compactMap { $0 },
            order: dense?.order, matrix: matrix, options: options)
    }

    /// Adds to each book's pair updates in `work` (by kernel number) the
    /// cells the sparse kernel scores for the book, each of which costs about
    /// what a pair costs: at most one per pair, and at most one per book it
    /// can meet (those numbered below it when it finds each pair once, else
    /// every other). Among the popular books, whose raters share many books,
    /// that adds little; on the sparse tail, where a pair is mostly alone in
    /// its cell, it doubles a book's cost. Parts of equal pairs on the wide
    /// benchmark file cost 1, 1.27, 1.74 and 2.23 times as much per pair from
    /// the first to the last.
    static func addScoredCells(to work: inout [Int], findsEachPairOnce: Bool) {
        for number in work.indices {
            work[number] += min(work[number], findsEachPairOnce ? number : work.count - 1)
        }
    }

    /// Every book's `ListFloor` bound over the vectors `weighting` makes of
    /// `matrix`, computed on `options.threads` workers; nil where there is
    /// none (see `ListFloor`).
    static func floorBounds(matrix: RatingMatrix, weighting: ItemVectors.Weighting, options: ModelOptions) -> [Float]? {
        let floor = ListFloor(matrix: matrix, weighting: weighting, options: options)
        return floor.isNone ? nil : floor.bounds(matrix: matrix, weighting: weighting, threads: options.threads)
    }

    /// Items per block of the dense kernel: as many accumulator rows (8 bytes
    /// per item) as fit in `denseBytes`, 1 to 128.
    static func denseBlockSize(itemCount: Int) -> Int {
        max(1, min(128, denseBytes / (MemoryLayout<SIMD2<Float>>.stride * max(1, itemCount))))
    }

    /// Whether the dense kernel costs less than the pairs: its fixed cost
    /// (scanning `items²/2` cells, and visiting every user once per block)
    /// must not exceed the pair count, and the users must be few enough for
    /// its counts (`DenseBlockFinder.maxUsers`). Both kernels give the same
    /// lists for every option, so only the cost decides.
    static func denseApplies(matrix: RatingMatrix) -> Bool {
        guard matrix.userCount <= DenseBlockFinder.maxUsers else { return false }
        var pairs: Double = 0
        for user in 0..<matrix.userCount {
            let count = Double(matrix.byUser.range(of: user).count)
            pairs += count * (count - 1) / 2
        }
        let items = Double(matrix.itemCount)
        let blocks = (items / Double(denseBlockSize(itemCount: matrix.itemCount))).rounded(.up)
        return items * items / 2 + Double(matrix.userCount) * blocks <= pairs
    }

    /// Each item's best neighbours among its own candidates (`blocks`, in
    /// kernel order, `blockSize` items each) and those other items offered it
    /// (`pools`, or each worker's `handed` rows by item), merged block by block on
    /// `options.threads` workers. The kernel numbers item `order[n]` as `n`
    /// (the same number when `order` is nil).
    private static func merge(
        blocks: [Block], blockSize: Int, pools: [HeapPool], handed: [SparseRows], order: [Int32]?,
        matrix: RatingMatrix, options: ModelOptions
    ) -> SparseRows {
        var merged = [Block](repeating: Block(), count: blocks.count)
        merged.withUnsafeMutableBufferPointer { buffer in
            let out = SendableBuffer(buffer)
            Parallel.forEachWorker(count: blocks.count, blockSize: 1, threads: options.threads) { _, work in
                var best = TopK(capacity: options.neighbors)
                for work in work {
                    let block = blocks[work.index]
                    var result = Block()
                    var (number, start) = (work.index * blockSize, 0)
                    for length in block.lengths {
                        for entry in block.entries[start..<start + Int(length)] {
                            let item = order?[Int(entry.column)] ?? entry.column
                            best.insert(score: entry.value, rank: matrix.keyRank[Int(item)], payload: item)
                        }
                        start += Int(length)
                        for pool in pools {
                            pool.forEach(of: number) { score, rank in
                                best.insert(score: score, rank: rank, payload: matrix.itemAtRank[Int(rank)])
                            }
                        }
                        for rows in handed {
                            best.offer(neighbors: rows.entries[rows.range(of: number)], keyRank: matrix.keyRank)
                        }
                        result.lengths.append(Int32(best.takeBestFirst(into: &result.entries)))
                        number += 1
                    }
                    out[work.index] = result
                }
            }
        }
        // Rows in kernel order, then placed in item order.
        var rows: [ArraySlice<SparseEntry>] = []
        rows.reserveCapacity(matrix.itemCount)
        for block in merged {
            var start = 0
            for length in block.lengths {
                rows.append(block.entries[start..<start + Int(length)])
                start += Int(length)
            }
        }
        var rowOfItem = Array(0..<matrix.itemCount)
        if let order {
            for (number, item) in order.enumerated() { rowOfItem[Int(item)] = number }
        }
        var offsets = [Int32](repeating: 0, count: matrix.itemCount + 1)
        var entries: [SparseEntry] = []
        entries.reserveCapacity(rows.reduce(0) { $0 + $1.count })
        for item in 0..<matrix.itemCount {
            entries.append(contentsOf: rows[rowOfItem[item]])
            offsets[item + 1] = Int32(entries.count)
        }
        return SparseRows(offsets: offsets, entries: entries)
    }

    /// One work block's own candidates per item (neighbours above it), concatenated.
    struct Block: Sendable {
        var lengths: [Int32] = []
        var entries: [SparseEntry] = []
    }
}
