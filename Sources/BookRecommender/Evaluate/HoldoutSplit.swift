/// A per-user random holdout: for every user with at least 2 books, a
/// `fraction` of their books goes to the test part, the rest (always at
/// least one) stays for training. A book is what a user rated or has without
/// stars (read, to-read, borrowed…): every record of one user's book goes to
/// the same side, so a held-out book is never also a training book.
///
/// - Duplicates first: when a user rated a book more than once, the later
///   rating is kept and the earlier ones are dropped (counted in
///   `EvaluationSplit.duplicatesReplaced`).
/// - A user with `n ≥ 2` books holds out `clamp(round(fraction · n), 1, n − 1)`
///   of them; a user with fewer keeps all for training.
/// - Which books: the user's books are put in item-key order, then a
///   partial Fisher–Yates shuffle driven by SplitMix64 (`SeededRandom`),
///   seeded from `seed` and the user's id, picks the test ones. The split
///   therefore depends only on the seed and each user's own books, not on
///   thread count, input order or the other users.
/// - Other editions of a work a user has (`InteractionTag.otherEdition`) stay
///   in training: they only keep books out of picks.
package struct HoldoutSplit: Sendable, Equatable {
    /// The share of each user's books held out, in (0, 1).
    package var fraction: Double
    package var seed: UInt64

    /// A holdout of `fraction` (in (0, 1); values outside are clamped by `testCount`) with `seed`.
    package init(fraction: Double = 0.2, seed: UInt64 = 1) {
        self.fraction = fraction
        self.seed = seed
    }

    /// Splits `data` (well formed, as ingest produces it). Never throws.
    /// - Complexity: O(records + items log items + Σ over users of n log n).
    func split(_ data: RatingData) -> EvaluationSplit {
        let records = UserRecords(data)
        let keyRank = BookTable.ranks(of: BookTable.order(of: data.itemKeys))
        var ratingInTest = [Bool](repeating: false, count: data.ratingCount)
        var shelfInTest = [Bool](repeating: false, count: data.shelfUser.count)
        var dropped = [Bool](repeating: false, count: data.ratingCount)
        var duplicates = 0
        var lastRating = [Int](repeating: -1, count: data.itemCount)
        var isBook = [Bool](repeating: false, count: data.itemCount)
        for user in 0..<data.userCount {
            let ratings = records.ratings(of: user)
            let shelves = records.shelves(of: user).filter { data.shelfTag[$0].kind != nil }
            for entry in ratings {
                let item = Int(data.ratingItem[entry])
                if lastRating[item] >= 0 {
                    dropped[lastRating[item]] = true
                    duplicates += 1
                }
                lastRating[item] = entry
            }
            var books: [Int32] = []
            for item in ratings.map({ data.ratingItem[$0] }) + shelves.map({ data.shelfItem[$0] })
            where !isBook[Int(item)] {
                isBook[Int(item)] = true
                books.append(item)
            }
            for entry in ratings { lastRating[Int(data.ratingItem[entry])] = -1 }
            let held = Self.testCount(ratings: books.count, fraction: fraction)
            if held > 0 {
                books.sort { keyRank[Int($0)] < keyRank[Int($1)] }
                var random = SeededRandom(seed: Self.userSeed(seed, data.userIDs[user]))
                for position in 0..<held {
                    let chosen = position + Self.uniform(below: books.count - position, using: &random)
                    books.swapAt(position, chosen)
                }
                for item in books[..<held] { isBook[Int(item)] = false }
                for entry in ratings where !isBook[Int(data.ratingItem[entry])] { ratingInTest[entry] = true }
                for entry in shelves where !isBook[Int(data.shelfItem[entry])] { shelfInTest[entry] = true }
            }
            for item in books { isBook[Int(item)] = false }
        }
        var (training, test) = (data, data)
        (training.ratingUser, training.ratingItem, training.ratingValue) = ([], [], [])
        (training.shelfUser, training.shelfItem, training.shelfTag) = ([], [], [])
        (test.ratingUser, test.ratingItem, test.ratingValue) = ([], [], [])
        (test.shelfUser, test.shelfItem, test.shelfTag) = ([], [], [])
        for entry in 0..<data.ratingCount where !dropped[entry] {
            ratingInTest[entry] ? test.appendRating(of: data, entry) : training.appendRating(of: data, entry)
        }
        for entry in data.shelfUser.indices {
            shelfInTest[entry] ? test.appendShelf(of: data, entry) : training.appendShelf(of: data, entry)
        }
        return EvaluationSplit(
            training: training, test: test, origin: .holdout(fraction: fraction, seed: seed),
            duplicatesReplaced: duplicates)
    }

    /// How many of a user's `ratings` (books) are held out: none below 2 (or
    /// for a fraction ≤ 0), else `round(fraction · ratings)` kept within
    /// `1...ratings − 1`.
    static func testCount(ratings: Int, fraction: Double) -> Int {
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

extension RatingData {
    /// Appends rating `entry` of `data` (interned alike).
    fileprivate mutating func appendRating(of data: RatingData, _ entry: Int) {
        ratingUser.append(data.ratingUser[entry])
        ratingItem.append(data.ratingItem[entry])
        ratingValue.append(data.ratingValue[entry])
    }

    /// Appends interaction `entry` of `data` (interned alike).
    fileprivate mutating func appendShelf(of data: RatingData, _ entry: Int) {
        shelfUser.append(data.shelfUser[entry])
        shelfItem.append(data.shelfItem[entry])
        shelfTag.append(data.shelfTag[entry])
    }
}

/// Each user's ratings and interactions as positions in `RatingData`'s
/// arrays, in input order: one counting pass each.
private struct UserRecords {
    private let ratingStart: [Int]
    private let ratingOrder: [Int]
    private let shelfStart: [Int]
    private let shelfOrder: [Int]

    init(_ data: RatingData) {
        (ratingStart, ratingOrder) = Self.grouped(data.ratingUser, users: data.userCount)
        (shelfStart, shelfOrder) = Self.grouped(data.shelfUser, users: data.userCount)
    }

    func ratings(of user: Int) -> ArraySlice<Int> { ratingOrder[ratingStart[user]..<ratingStart[user + 1]] }
    func shelves(of user: Int) -> ArraySlice<Int> { shelfOrder[shelfStart[user]..<shelfStart[user + 1]] }

    private static func grouped(_ users: [Int32], users count: Int) -> (start: [Int], order: [Int]) {
        var start = [Int](repeating: 0, count: count + 1)
        for user in users { start[Int(user) + 1] += 1 }
        for user in 0..<count { start[user + 1] += start[user] }
        var order = [Int](repeating: 0, count: users.count)
        var fill = start
        for (position, user) in users.enumerated() {
            order[fill[Int(user)]] = position
            fill[Int(user)] += 1
        }
        return (start, order)
    }
}
