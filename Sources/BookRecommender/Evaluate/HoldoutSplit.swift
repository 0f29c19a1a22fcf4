/// A per-user random holdout: for every user with at least 2 ratings, a
/// `fraction` of their ratings goes to the test part, the rest (always at
/// least one) stays for training.
///
/// - Duplicates first: when a user rated a book more than once, the later
///   rating is kept and the earlier ones are dropped (counted in
///   `EvaluationSplit.duplicatesReplaced`), so a book is never on both sides.
/// - A user with `n ≥ 2` ratings holds out `clamp(round(fraction · n), 1, n − 1)`
///   of them; a user with fewer keeps all for training.
/// - Which ratings: the user's ratings are put in item-key order, then a
///   partial Fisher–Yates shuffle driven by SplitMix64 (`SeededRandom`),
///   seeded from `seed` and the user's id, picks the test ones. The split
///   therefore depends only on the seed and each user's own ratings, not on
///   thread count, input order or the other users.
/// - Shelf entries all stay in training: they only keep books out of picks.
package struct HoldoutSplit: Sendable, Equatable {
    /// The share of each user's ratings held out, in (0, 1).
    package var fraction: Double
    package var seed: UInt64

    /// A holdout of `fraction` (in (0, 1); values outside are clamped by `testCount`) with `seed`.
    package init(fraction: Double = 0.2, seed: UInt64 = 1) {
        self.fraction = fraction
        self.seed = seed
    }

    /// Splits `data` (well formed, as ingest produces it). Never throws.
    /// - Complexity: O(ratings + items log items + Σ over users of n log n).
    package func split(_ data: RatingData) -> EvaluationSplit {
        let count = data.ratingCount
        var start = [Int](repeating: 0, count: data.userCount + 1)
        for user in data.ratingUser { start[Int(user) + 1] += 1 }
        for user in 0..<data.userCount { start[user + 1] += start[user] }
        var byUser = [Int](repeating: 0, count: count)
        var fill = start
        for entry in 0..<count {
            let user = Int(data.ratingUser[entry])
            byUser[fill[user]] = entry
            fill[user] += 1
        }
        let keyRank = BookTable.ranks(of: BookTable.order(of: data.itemKeys))
        var inTest = [Bool](repeating: false, count: count)
        var dropped = [Bool](repeating: false, count: count)
        var lastEntry = [Int](repeating: -1, count: data.itemCount)
        var duplicates = 0
        for user in 0..<data.userCount {
            let entries = byUser[start[user]..<start[user + 1]]
            for entry in entries {
                let item = Int(data.ratingItem[entry])
                if lastEntry[item] >= 0 {
                    dropped[lastEntry[item]] = true
                    duplicates += 1
                }
                lastEntry[item] = entry
            }
            for entry in entries { lastEntry[Int(data.ratingItem[entry])] = -1 }
            var kept = entries.filter { !dropped[$0] }
            let held = Self.testCount(ratings: kept.count, fraction: fraction)
            guard held > 0 else { continue }
            kept.sort { keyRank[Int(data.ratingItem[$0])] < keyRank[Int(data.ratingItem[$1])] }
            var random = SeededRandom(seed: Self.userSeed(seed, data.userIDs[user]))
            for position in 0..<held {
                let chosen = position + Self.uniform(below: kept.count - position, using: &random)
                kept.swapAt(position, chosen)
                inTest[kept[position]] = true
            }
        }
        var training = data
        var test = data
        (training.ratingUser, training.ratingItem, training.ratingValue) = ([], [], [])
        (test.ratingUser, test.ratingItem, test.ratingValue, test.shelfUser, test.shelfItem) = ([], [], [], [], [])
        for entry in 0..<count where !dropped[entry] {
            let user = data.ratingUser[entry]
            let item = data.ratingItem[entry]
            let value = data.ratingValue[entry]
            if inTest[entry] {
                test.ratingUser.append(user)
                test.ratingItem.append(item)
                test.ratingValue.append(value)
            } else {
                training.ratingUser.append(user)
                training.ratingItem.append(item)
                training.ratingValue.append(value)
            }
        }
        return EvaluationSplit(
            training: training, test: test, origin: .holdout(fraction: fraction, seed: seed),
            duplicatesReplaced: duplicates)
    }

    /// How many of a user's `ratings` are held out: none below 2 ratings (or
    /// for a fraction ≤ 0), else `round(fraction · ratings)` kept within
    /// `1...ratings − 1`.
    package static func testCount(ratings: Int, fraction: Double) -> Int {
        guard ratings >= 2, fraction > 0, fraction.isFinite else { return 0 }
        let share = Int((min(fraction, 1) * Double(ratings)).rounded())
        return min(ratings - 1, max(1, share))
    }

    /// The generator seed of one user: FNV-1a of the id's UTF-8 bytes, mixed
    /// with the run's seed.
    static func userSeed(_ seed: UInt64, _ userID: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in userID.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        var mixer = SeededRandom(seed: seed)
        return hash ^ mixer.next()
    }

    /// A uniform integer in `0..<bound` by rejection sampling, written out so
    /// the split is the same with every toolchain.
    static func uniform(below bound: Int, using random: inout SeededRandom) -> Int {
        precondition(bound > 0, "uniform(below:) needs a positive bound")
        let range = UInt64(bound)
        let limit = UInt64.max - UInt64.max % range
        while true {
            let value = random.next()
            if value < limit { return Int(value % range) }
        }
    }
}
