/// One worker's scratch for scoring users: dense score and |similarity|
/// accumulators over all items, per-item stamps (touched / owned by the
/// current user), the pick heap and one reason heap per pick. Nothing is
/// allocated per rating or per candidate.
struct UserScorer: ~Copyable {
    private let model: FittedModel
    private let score: ScratchArray<Float>
    private let weight: ScratchArray<Float>
    private let seenBy: ScratchArray<Int32>
    private let ownedBy: ScratchArray<Int32>
    private let pickOf: ScratchArray<Int32>
    private let touched: ScratchArray<Int32>
    private var picks: TopK
    private var reasons: [TopK]

    init(model: FittedModel) {
        let itemCount = model.matrix.itemCount
        let top = max(0, model.options.top)
        self.model = model
        score = ScratchArray(count: itemCount, filledWith: 0)
        weight = ScratchArray(count: itemCount, filledWith: 0)
        seenBy = ScratchArray(count: itemCount, filledWith: 0)
        ownedBy = ScratchArray(count: itemCount, filledWith: 0)
        pickOf = ScratchArray(count: itemCount, filledWith: -1)
        touched = ScratchArray(count: itemCount, filledWith: 0)
        picks = TopK(capacity: top)
        reasons = Array(repeating: TopK(capacity: model.options.reasons), count: top)
    }

    /// `user`'s picks: the filter's, then popularity fill (see `FittedModel.recommendAll()`).
    mutating func recommend(user: Int) -> [Recommendation] {
        let options = model.options
        let matrix = model.matrix
        let stamp = Int32(user + 1)
        let rated = matrix.byUser.range(of: user)
        for entry in rated { ownedBy[Int(matrix.byUser.columns[entry])] = stamp }
        for entry in matrix.shelves.range(of: user) { ownedBy[Int(matrix.shelves.columns[entry])] = stamp }
        let top = picks.capacity
        var result =
            rated.count >= options.minRatings && top > 0 ? filterPicks(rated: rated, stamp: stamp) : []
        let popularity = model.popularity
        var rank = 0
        while result.count < top && rank < popularity.items.count {
            let item = popularity.items[rank]
            if ownedBy[Int(item)] != stamp && pickOf[Int(item)] < 0 {
                result.append(Recommendation(item: item, score: popularity.scores[rank], because: [], fallback: true))
            }
            rank += 1
        }
        for pick in result where !pick.fallback { pickOf[Int(pick.item)] = -1 }
        return result
    }

    /// Scores every book that neighbours one of the user's rated books, keeps
    /// the best positive scores the user does not own, and explains each.
    /// Leaves `pickOf` set for the picks.
    private mutating func filterPicks(rated: Range<Int>, stamp: Int32) -> [Recommendation] {
        let touchedCount = accumulate(rated: rated, stamp: stamp)
        let options = model.options
        let keyRank = model.matrix.keyRank
        let average = options.scoring == .weightedAverage
        for slot in 0..<touchedCount {
            let item = touched[slot]
            let j = Int(item)
            guard ownedBy[j] != stamp, options.allows(item) else { continue }
            let value = average ? (weight[j] > 0 ? score[j] / weight[j] : 0) : score[j]
            guard value > 0, picks.accepts(score: value, rank: keyRank[j]) else { continue }
            picks.insert(score: value, rank: keyRank[j], payload: item)
        }
        var result: [Recommendation] = []
        var shares: [Float] = []
        picks.sortBestFirst()
        for index in 0..<picks.count {
            let pick = picks.entry(at: index)
            pickOf[Int(pick.payload)] = Int32(index)
            shares.append(average ? weight[Int(pick.payload)] : 1)
            result.append(Recommendation(item: pick.payload, score: pick.score, because: [], fallback: false))
        }
        picks.removeAll()
        for slot in 0..<touchedCount {
            let j = Int(touched[slot])
            score[j] = 0
            weight[j] = 0
        }
        explain(&result, shares: shares, rated: rated)
        return result
    }

    /// Adds `sim(i, j) · r_i` and `|sim(i, j)|` for every rated `i` and
    /// neighbour `j`, in rating then neighbour order; returns the count of
    /// items touched.
    private func accumulate(rated: Range<Int>, stamp: Int32) -> Int {
        let byUser = model.matrix.byUser
        let lists = model.neighborLists
        let neighborItems = lists.items
        let similarities = lists.similarities
        var touchedCount = 0
        for entry in rated {
            let rating = byUser.values[entry]
            for link in lists.range(of: Int(byUser.columns[entry])) {
                let j = Int(neighborItems[link])
                let sim = similarities[link]
                if seenBy[j] != stamp {
                    seenBy[j] = stamp
                    touched[touchedCount] = Int32(j)
                    touchedCount += 1
                }
                score[j] += sim * rating
                weight[j] += abs(sim)
            }
        }
        return touchedCount
    }

    /// Fills each pick's `because` with the rated books whose `sim · r` added
    /// most to it (divided by the pick's `Σ|sim|` when averaging), largest
    /// first, ties by item key.
    private mutating func explain(_ result: inout [Recommendation], shares: [Float], rated: Range<Int>) {
        guard model.options.reasons > 0 else { return }
        let byUser = model.matrix.byUser
        let keyRank = model.matrix.keyRank
        let lists = model.neighborLists
        for entry in rated {
            let item = Int(byUser.columns[entry])
            let rating = byUser.values[entry]
            for link in lists.range(of: item) {
                let pick = Int(pickOf[Int(lists.items[link])])
                guard pick >= 0 else { continue }
                let contribution = lists.similarities[link] * rating
                guard contribution > 0, reasons[pick].accepts(score: contribution, rank: keyRank[item]) else {
                    continue
                }
                reasons[pick].insert(score: contribution, rank: keyRank[item], payload: Int32(entry))
            }
        }
        for pick in result.indices {
            reasons[pick].sortBestFirst()
            result[pick].because = (0..<reasons[pick].count).map { index in
                let reason = reasons[pick].entry(at: index)
                let entry = Int(reason.payload)
                return Contribution(
                    item: byUser.columns[entry], rating: byUser.values[entry], weight: reason.score / shares[pick])
            }
            reasons[pick].removeAll()
        }
    }
}
