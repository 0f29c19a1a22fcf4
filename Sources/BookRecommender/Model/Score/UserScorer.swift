import CPrefetch

/// One worker's scratch for scoring users: dense score (and, when
/// averaging, |similarity|) accumulators over all items, per-item stamps (touched / owned by the
/// current user), the pick heap and the picks' reasons (`PickReasons`).
/// Nothing is allocated per rating or per candidate.
struct UserScorer: ~Copyable {
    /// A candidate's running `Σ sim · r` for the current user, and the user
    /// stamp that says the total is live.
    struct Tally: BitwiseCopyable {
        var score: Float
        var seenBy: Int32
    }

    private let tables: ScoringTables
    /// Whether some books are editions of one work (most models have none).
    private let hasEditions: Bool
    private let options: ModelOptions
    private let tallies: ScratchArray<Tally>
    /// `Σ |sim|` per candidate; used only by `Scoring.weightedAverage`.
    private let weights: ScratchArray<Float>
    private let ownedBy: ScratchArray<Int32>
    /// Items touched for the current user; one spare slot, as `accumulate` writes one past the count.
    private let touched: ScratchArray<Int32>
    /// Each book's popularity prior; empty without one (`PopularityPrior`).
    private let prior: [Float]
    private var picks: TopK
    private var reasons: PickReasons

    /// A scorer for `tables`, with `options`' top, reasons, minimum ratings,
    /// scoring and allowed books (the options must be clamped, as `FittedModel` does).
    init(tables: ScoringTables, options: ModelOptions) {
        let itemCount = tables.itemCount
        let top = max(0, options.top)
        self.tables = tables
        hasEditions = !tables.editions.isEmpty
        self.options = options
        tallies = ScratchArray(count: itemCount, filledWith: Tally(score: 0, seenBy: 0))
        weights = ScratchArray(count: itemCount, filledWith: 0)
        ownedBy = ScratchArray(count: itemCount, filledWith: 0)
        touched = ScratchArray(count: itemCount + 1, filledWith: 0)
        prior = options.popularityWeight > 0 ? tables.popularity.scoreByItem(count: itemCount) : []
        picks = TopK(capacity: top)
        reasons = PickReasons(tables: tables, options: options, picks: top)
    }

    /// The picks of reader `user` of `readers` (in this model's item
    /// numbering): the filter's, then popularity fill (see `FittedModel.recommendAll()`).
    /// Items are stamped with `user + 1`, so a scorer scores each user index
    /// at most once (a batch does; a single query takes a new scorer).
    mutating func recommend(user: Int, in readers: ReaderRows) -> [Recommendation] {
        let stamp = Int32(user + 1)
        let rated = readers.byUser.range(of: user)
        for entry in readers.byUser.entries[rated] { ownedBy[Int(entry.column)] = stamp }
        for entry in readers.shelves.entries[readers.shelves.range(of: user)] { ownedBy[Int(entry.column)] = stamp }
        if hasEditions {
            for entry in readers.byUser.entries[rated] { ownEditions(of: entry.column, stamp: stamp) }
            for entry in readers.shelves.entries[readers.shelves.range(of: user)] {
                ownEditions(of: entry.column, stamp: stamp)
            }
        }
        let top = picks.capacity
        var result =
            rated.count >= options.minRatings && top > 0
            ? filterPicks(readers: readers, rated: rated, stamp: stamp) : []
        // A pick's other editions are not offered again by the popularity fill.
        if hasEditions { for pick in result { ownEditions(of: pick.item, stamp: stamp) } }
        let popularity = tables.popularity
        var rank = 0
        while result.count < top && rank < popularity.items.count {
            let item = popularity.items[rank]
            if ownedBy[Int(item)] != stamp && !reasons.isPick(item) && options.allows(item) {
                result.append(Recommendation(item: item, score: popularity.scores[rank], because: [], fallback: true))
                if hasEditions { ownEditions(of: item, stamp: stamp) }
            }
            rank += 1
        }
        reasons.unmark(result)
        return result
    }

    /// Marks every edition of `item`'s work as owned by the user of `stamp`
    /// (only when `hasEditions`).
    private func ownEditions(of item: Int32, stamp: Int32) {
        let editions = tables.editions
        guard case let work = editions.workOf[Int(item)], work >= 0 else { return }
        for edition in editions.items(of: work) { ownedBy[Int(edition)] = stamp }
    }

    /// Scores every book that neighbours one of the user's rated books, keeps
    /// the best positive scores the user does not own, and explains each.
    /// Leaves the picks marked in `reasons`.
    private mutating func filterPicks(readers: ReaderRows, rated: Range<Int>, stamp: Int32) -> [Recommendation] {
        let ratings = readers.byUser.entries
        let touchedCount = accumulate(ratings: ratings, rated: rated, stamp: stamp)
        let keyRank = tables.keyRank
        let average = options.scoring == .weightedAverage
        if hasEditions { keepBestEditions(touchedCount: touchedCount, stamp: stamp) }
        if options.popularityWeight > 0 {
            insertWithPrior(touchedCount: touchedCount, stamp: stamp, average: average)
        } else {
            // The lowest score the full pick heap can still take: most candidates stop here.
            var floor = -Float.infinity
            for slot in 0..<touchedCount {
                let item = touched[slot]
                let j = Int(item)
                let value = value(of: j, average: average)
                guard value > 0, value >= floor, ownedBy[j] != stamp, options.allows(item) else { continue }
                guard picks.accepts(score: value, rank: keyRank[j]) else { continue }
                picks.insert(score: value, rank: keyRank[j], payload: item)
                if picks.count == picks.capacity { floor = picks.entry(at: 0).score }
            }
        }
        var result: [Recommendation] = []
        var shares: [Float] = []
        picks.sortBestFirst()
        for index in 0..<picks.count {
            let pick = picks.entry(at: index)
            let j = Int(pick.payload)
            // Under the prior, a book no neighbour reached is a popularity pick: owned now, so no fill repeats it.
            let fromFilter = tallies[j].seenBy == stamp && value(of: j, average: average) > 0
            if fromFilter { reasons.mark(pick.payload, at: index) } else { ownedBy[j] = stamp }
            shares.append(average && fromFilter ? weights[j] : 1)
            result.append(Recommendation(item: pick.payload, score: pick.score, because: [], fallback: !fromFilter))
        }
        picks.removeAll()
        for slot in 0..<touchedCount {
            tallies[Int(touched[slot])].score = 0
            weights[Int(touched[slot])] = 0
        }
        reasons.explain(&result, shares: shares, readers: readers, rated: rated)
        return result
    }

    /// With the popularity prior `w` (`PopularityPrior`): each candidate scores
    /// `(1 − w) · value / best value + w · prior`, then the popularity list
    /// (prior order) offers every other book at `w · prior` until the heap's
    /// floor is above it. A popular book one of whose editions is a candidate
    /// is left out; a popular book taken blocks its other editions.
    private mutating func insertWithPrior(touchedCount: Int, stamp: Int32, average: Bool) {
        let weight = options.popularityWeight
        let keyRank = tables.keyRank
        var best: Float = 0
        for slot in 0..<touchedCount where ownedBy[Int(touched[slot])] != stamp && options.allows(touched[slot]) {
            best = max(best, value(of: Int(touched[slot]), average: average))
        }
        for slot in 0..<touchedCount {
            let item = touched[slot]
            let j = Int(item)
            let value = value(of: j, average: average)
            guard value > 0, ownedBy[j] != stamp, options.allows(item) else { continue }
            let score = (1 - weight) * value / best + weight * prior[j]
            picks.insert(score: score, rank: keyRank[j], payload: item)
        }
        let popular = tables.popularity
        for rank in popular.items.indices {
            let (item, score) = (popular.items[rank], weight * popular.scores[rank])
            if picks.count == picks.capacity && score < picks.entry(at: 0).score { break }
            let j = Int(item)
            guard ownedBy[j] != stamp, !isCandidate(j, stamp), options.allows(item) else { continue }
            if hasEditions {
                let work = tables.editions.workOf[j]
                guard work < 0 || !tables.editions.items(of: work).contains(where: { isCandidate(Int($0), stamp) })
                else { continue }
                ownEditions(of: item, stamp: stamp)
            }
            picks.insert(score: score, rank: keyRank[j], payload: item)
        }
    }

    /// Whether the current reader's neighbours reached `j` with a positive score.
    private func isCandidate(_ j: Int, _ stamp: Int32) -> Bool {
        tallies[j].seenBy == stamp && value(of: j, average: options.scoring == .weightedAverage) > 0
    }

    /// Candidate `j`'s score: its sum, or its weighted average when averaging.
    @inline(__always)
    private func value(of j: Int, average: Bool) -> Float {
        let score = tallies[j].score
        return average ? (weights[j] > 0 ? score / weights[j] : 0) : score
    }

    /// Of each work with several touched editions, leaves only the best
    /// candidate (highest score, then first in key order) unowned, so a list
    /// holds one edition of a work; the others are marked owned for this user.
    private func keepBestEditions(touchedCount: Int, stamp: Int32) {
        let editions = tables.editions
        let keyRank = tables.keyRank
        let average = options.scoring == .weightedAverage
        for slot in 0..<touchedCount {
            let item = Int(touched[slot])
            let work = editions.workOf[item]
            guard work >= 0, ownedBy[item] != stamp, options.allows(Int32(item)) else { continue }
            let mine = value(of: item, average: average)
            let beaten = editions.items(of: work).contains { rival in
                let other = Int(rival)
                guard other != item, ownedBy[other] != stamp, tallies[other].seenBy == stamp, options.allows(rival)
                else { return false }
                let theirs = value(of: other, average: average)
                return theirs > mine || (theirs == mine && keyRank[other] < keyRank[item])
            }
            if beaten { ownedBy[item] = stamp }
        }
    }

    /// Adds `sim(i, j) · r_i` (and, when averaging, `|sim(i, j)|`) for every rated `i` and
    /// neighbour `j`, in rating then neighbour order; returns the count of
    /// items touched. While one neighbour list is summed, the next one is
    /// prefetched (one hint per 64-byte line) so its cache lines arrive together.
    ///
    /// Each neighbour is written to the touched list unconditionally and the
    /// count only moves on for a first touch, so the loop has no branch that
    /// depends on the data.
    /// - Complexity: O(Σ over rated books of their neighbours).
    private func accumulate(ratings: [SparseEntry], rated: Range<Int>, stamp: Int32) -> Int {
        let lists = tables.neighbors
        let average = options.scoring == .weightedAverage
        return ratings.withUnsafeBufferPointer { ratings in
            lists.entries.withUnsafeBufferPointer { links in
                lists.offsets.withUnsafeBufferPointer { offsets in
                    var touchedCount = 0
                    for entry in rated {
                        let item = Int(ratings[entry].column)
                        let rating = options.similarity.scoringStrength(ratings[entry].value)
                        if entry + 1 < rated.upperBound {
                            let next = Int(ratings[entry + 1].column)
                            for line in stride(from: Int(offsets[next]), to: Int(offsets[next + 1]), by: 8) {
                                bookrec_prefetch(links.baseAddress! + line)
                            }
                        }
                        let neighbors = Int(offsets[item])..<Int(offsets[item + 1])
                        for link in neighbors {
                            let neighbor = links[link]
                            let tally = tallies.base + Int(neighbor.column)
                            let isNew = tally.pointee.seenBy != stamp
                            tally.pointee.seenBy = stamp
                            touched[touchedCount] = neighbor.column
                            touchedCount &+= isNew ? 1 : 0
                            tally.pointee.score += neighbor.value * rating
                        }
                        if average {
                            for link in neighbors { weights[Int(links[link].column)] += abs(links[link].value) }
                        }
                    }
                    return touchedCount
                }
            }
        }
    }
}
