/// How the neighbour search of a fit is split into parts: the fitting
/// kernel's work blocks (`ItemNeighbors`), in the kernel's book numbering,
/// cut into `parts` runs of consecutive blocks with about the same work each
/// (pair updates, and the cells the sparse kernel scores; see `ItemNeighbors`).
///
/// Every part computes the layout from the whole input, so all parts of one
/// training agree on it without talking to each other; the join checks they
/// did. Balancing by work rather than by books keeps the parts' wall times
/// close: the books numbered first have the most raters.
struct TrainingPartLayout: Codable, Sendable, Equatable {
    /// `ItemNeighbors.Kernel` by name: "dense", "sparse", "sparse-once", or "ease" (not split: part 0 fits it whole).
    var kernel: String
    /// Books per work block.
    var itemsPerBlock: Int
    /// Books in the fit.
    var items: Int
    /// Part `p` takes work blocks `cuts[p]..<cuts[p + 1]`; `parts + 1` entries from 0 to the block count.
    var cuts: [Int]

    /// The layout of `parts` parts over `work[n]`, the cost of book number `n`
    /// in blocks of `itemsPerBlock` books: cut `k` is the first block boundary
    /// at which the blocks before it hold at least `k / parts` of the work.
    init(kernel: String, itemsPerBlock: Int, work: [Int], parts: Int) {
        let blockCount = (work.count + itemsPerBlock - 1) / itemsPerBlock
        var blockWork = [Int](repeating: 0, count: blockCount)
        for (number, cost) in work.enumerated() { blockWork[number / itemsPerBlock] += cost }
        let total = blockWork.reduce(0, +)
        var cuts = [0]
        var (block, done) = (0, 0)
        for part in 1..<max(1, parts) {
            // `done * parts >= total * part`, in exact integers.
            while block < blockCount && done * parts < total * part {
                done += blockWork[block]
                block += 1
            }
            cuts.append(block)
        }
        cuts.append(blockCount)
        self.init(kernel: kernel, itemsPerBlock: itemsPerBlock, items: work.count, cuts: cuts)
    }

    init(kernel: String, itemsPerBlock: Int, items: Int, cuts: [Int]) {
        self.kernel = kernel
        self.itemsPerBlock = itemsPerBlock
        self.items = items
        self.cuts = cuts
    }

    var parts: Int { cuts.count - 1 }

    /// The work blocks of part `index`.
    func blocks(of index: Int) -> Range<Int> {
        cuts[index]..<cuts[index + 1]
    }

    /// The book numbers of part `index`.
    func items(of index: Int) -> Range<Int> {
        let blocks = blocks(of: index)
        return min(items, blocks.lowerBound * itemsPerBlock)..<min(items, blocks.upperBound * itemsPerBlock)
    }

    /// Whether the cuts run from 0 to the block count without going down, as
    /// `init(kernel:itemsPerBlock:work:parts:)` makes them (a part file is hostile input).
    var isWellFormed: Bool {
        guard itemsPerBlock >= 1, items >= 0, cuts.count >= 2, cuts.first == 0,
            cuts.last == (items + itemsPerBlock - 1) / itemsPerBlock
        else { return false }
        return zip(cuts, cuts.dropFirst()).allSatisfy { $0 <= $1 }
    }

    /// Which of a pair's books the kernel finds the pair from.
    enum PairsFoundFrom {
        /// The dense kernel: the lower book.
        case lowerBook
        /// The sparse kernel finding each pair once: the upper book.
        case upperBook
        /// The sparse kernel finding each book's whole row from the book itself.
        case bothBooks
    }

    /// The pair updates the kernel makes for each book number: in `rows`
    /// (each reader's books by number, ascending), a book costs one per other
    /// book of the row it finds pairs with (those after it, those before it,
    /// or all of them, as `foundFrom` says), plus `perItem(n)` for the
    /// kernel's fixed cost per book.
    /// - Complexity: O(entries in `rows` + books).
    static func work(rows: SparseRows, items: Int, foundFrom: PairsFoundFrom, perItem: (Int) -> Int) -> [Int] {
        var work = (0..<items).map(perItem)
        for row in 0..<rows.rowCount {
            let range = rows.range(of: row)
            for position in range {
                let cost =
                    switch foundFrom {
                    case .lowerBook: range.upperBound - 1 - position
                    case .upperBook: position - range.lowerBound
                    case .bothBooks: range.count
                    }
                work[Int(rows.entries[position].column)] += cost
            }
        }
        return work
    }
}
