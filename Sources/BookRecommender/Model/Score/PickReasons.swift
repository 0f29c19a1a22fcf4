/// One worker's reasons for the picks of the reader being scored: which
/// books are picks, and for each pick a heap of the rated books whose
/// `sim · r` added most to it. `UserScorer` marks the filter's picks, asks for
/// their reasons, then unmarks them; the marks also keep the popularity fill
/// from offering a pick twice.
struct PickReasons: ~Copyable {
    private let tables: ScoringTables
    private let options: ModelOptions
    /// Each item's place in the current list, or -1.
    private let pickOf: ScratchArray<Int32>
    /// 1 where `pickOf[j] >= 0`, else 0: one byte, so the reasons pass tests a small array.
    private let isPick: ScratchArray<UInt8>
    private var heaps: [TopK]

    /// Reason heaps for lists of up to `picks` picks, each keeping `options.reasons`.
    init(tables: ScoringTables, options: ModelOptions, picks: Int) {
        self.tables = tables
        self.options = options
        pickOf = ScratchArray(count: tables.itemCount, filledWith: -1)
        isPick = ScratchArray(count: tables.itemCount, filledWith: 0)
        heaps = Array(repeating: TopK(capacity: options.reasons), count: picks)
    }

    /// Marks `item` as the pick at `index` of the current list.
    func mark(_ item: Int32, at index: Int) {
        pickOf[Int(item)] = Int32(index)
        isPick[Int(item)] = 1
    }

    /// Whether `item` is marked as a pick of the current list.
    func isPick(_ item: Int32) -> Bool { pickOf[Int(item)] >= 0 }

    /// Clears the marks of `result`'s filter picks, ready for the next reader.
    func unmark(_ result: [Recommendation]) {
        for pick in result where !pick.fallback {
            pickOf[Int(pick.item)] = -1
            isPick[Int(pick.item)] = 0
        }
    }

    /// Fills each pick's `because` with the rated books whose `sim · r` added
    /// most to it (divided by the pick's `Σ|sim|` when averaging), largest
    /// first, ties by item key.
    ///
    /// Neighbour lists are sorted by similarity, best first, so a book rated
    /// above 0 contributes less and less along its list. Once every pick holds
    /// its full count of reasons, such a list is left at the first link whose
    /// contribution is below the smallest reason any pick keeps: no later link
    /// could enter a heap. Heavy readers' lists are mostly left at their first link.
    mutating func explain(
        _ result: inout [Recommendation], shares: [Float], readers: ReaderRows, rated: Range<Int>
    ) {
        guard options.reasons > 0 else { return }
        let ratings = readers.byUser.entries
        let keyRank = tables.keyRank
        let lists = tables.neighbors
        let marked = isPick.base
        // The smallest score a reason heap still takes, once all are full (else -∞).
        var floor = -Float.infinity
        lists.entries.withUnsafeBufferPointer { links in
            for entry in rated {
                let (item, rating) = (
                    Int(ratings[entry].column), options.similarity.scoringStrength(ratings[entry].value)
                )
                let falls = rating > 0
                for link in lists.range(of: item) {
                    let contribution = links[link].value * rating
                    if falls && (contribution < floor || contribution <= 0) { break }
                    let neighbor = Int(links[link].column)
                    guard contribution > 0, marked[neighbor] != 0 else { continue }
                    let pick = Int(pickOf[neighbor])
                    guard heaps[pick].accepts(score: contribution, rank: keyRank[item]) else { continue }
                    heaps[pick].insert(score: contribution, rank: keyRank[item], payload: Int32(entry))
                    if heaps[pick].count == heaps[pick].capacity { floor = smallestReason(picks: result.count) }
                }
            }
        }
        for pick in result.indices {
            heaps[pick].sortBestFirst()
            result[pick].because = (0..<heaps[pick].count).map { index in
                let reason = heaps[pick].entry(at: index)
                let entry = Int(reason.payload)
                return Contribution(
                    item: ratings[entry].column, rating: ratings[entry].value, kind: readers.kind(ofEntry: entry),
                    weight: reason.score / shares[pick])
            }
            heaps[pick].removeAll()
        }
    }

    /// The smallest kept reason over the first `picks` heaps when all are full, else -∞.
    private func smallestReason(picks: Int) -> Float {
        var smallest = Float.infinity
        for pick in 0..<picks {
            guard heaps[pick].count == heaps[pick].capacity else { return -.infinity }
            smallest = min(smallest, heaps[pick].entry(at: 0).score)
        }
        return smallest
    }
}
