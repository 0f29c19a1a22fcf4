import Testing

@testable import BookRecommender

@Suite struct HoldoutSplitTests {
    private static let data = syntheticData(users: 80, items: 120, seed: 7)

    /// The (user id, item key, rating) triples of a part, as a set.
    private func triples(_ data: RatingData) -> Set<String> {
        Set(
            (0..<data.ratingCount).map {
                "\(data.userIDs[Int(data.ratingUser[$0])])|\(data.itemKeys[Int(data.ratingItem[$0])])|"
                    + "\(data.ratingValue[$0])"
            })
    }

    /// The later rating of each (user, item), as triples: what a split must account for.
    private func latestRatings(_ data: RatingData) -> [String: Float] {
        var latest: [String: Float] = [:]
        for entry in 0..<data.ratingCount {
            latest["\(data.userIDs[Int(data.ratingUser[entry])])|\(data.itemKeys[Int(data.ratingItem[entry])])"] =
                data.ratingValue[entry]
        }
        return latest
    }

    @Test(arguments: [
        (0, 0.2, 0), (1, 0.2, 0), (2, 0.2, 1), (5, 0.2, 1), (10, 0.2, 2), (8, 0.25, 2), (10, 0.25, 3),
        (3, 0.9, 2), (4, 0.5, 2), (100, 0.2, 20), (5, 0, 0),
    ])
    func testCount(ratings: Int, fraction: Double, expected: Int) {
        #expect(HoldoutSplit.testCount(ratings: ratings, fraction: fraction) == expected)
    }

    /// Every latest rating lands on exactly one side; each user holds out
    /// `testCount` of their distinct books; shelves stay in training.
    @Test func proportionsAndAccounting() {
        let data = Self.data
        let split = HoldoutSplit(fraction: 0.2, seed: 3).split(data)
        let latest = latestRatings(data)
        #expect(split.training.ratingCount + split.test.ratingCount == latest.count)
        #expect(split.duplicatesReplaced == data.ratingCount - latest.count)
        #expect(triples(split.training).isDisjoint(with: triples(split.test)))
        let expected = Set(latest.map { "\($0.key)|\($0.value)" })
        #expect(triples(split.training).union(triples(split.test)) == expected)

        var perUser = [Int](repeating: 0, count: data.userCount)
        for key in latest.keys { perUser[Int(key.split(separator: "|")[0].dropFirst())!] += 1 }
        var heldOut = [Int](repeating: 0, count: data.userCount)
        for user in split.test.ratingUser { heldOut[Int(user)] += 1 }
        for user in 0..<data.userCount {
            #expect(heldOut[user] == HoldoutSplit.testCount(ratings: perUser[user], fraction: 0.2), "user \(user)")
        }
        let share = Double(split.test.ratingCount) / Double(latest.count)
        #expect(share > 0.18 && share < 0.26)
        #expect(split.training.shelfUser == data.shelfUser && split.training.shelfItem == data.shelfItem)
        #expect(split.test.shelfUser.isEmpty)
        #expect(split.origin == .holdout(fraction: 0.2, seed: 3))
    }

    @Test func sameSeedSameSplitOtherSeedOther() {
        let first = HoldoutSplit(fraction: 0.2, seed: 11).split(Self.data)
        let again = HoldoutSplit(fraction: 0.2, seed: 11).split(Self.data)
        let other = HoldoutSplit(fraction: 0.2, seed: 12).split(Self.data)
        #expect(first.test.ratingItem == again.test.ratingItem && first.test.ratingUser == again.test.ratingUser)
        #expect(first.training.ratingItem == again.training.ratingItem)
        #expect(triples(first.test) != triples(other.test))
    }

    /// Reversing the input order (no duplicates, so nothing else changes)
    /// holds out the same ratings: the split depends on keys, not positions.
    @Test func independentOfInputOrder() {
        var unique = RatingData()
        unique.userIDs = Self.data.userIDs
        unique.itemKeys = Self.data.itemKeys
        var seen = Set<String>()
        for entry in 0..<Self.data.ratingCount
        where seen.insert("\(Self.data.ratingUser[entry])|\(Self.data.ratingItem[entry])").inserted {
            unique.ratingUser.append(Self.data.ratingUser[entry])
            unique.ratingItem.append(Self.data.ratingItem[entry])
            unique.ratingValue.append(Self.data.ratingValue[entry])
        }
        var reversed = unique
        reversed.ratingUser.reverse()
        reversed.ratingItem.reverse()
        reversed.ratingValue.reverse()
        let forward = HoldoutSplit(seed: 5).split(unique)
        let backward = HoldoutSplit(seed: 5).split(reversed)
        #expect(forward.duplicatesReplaced == 0)
        #expect(triples(forward.test) == triples(backward.test))
    }

    /// u0 rated A twice (2 then 4) and B: the later 4 is the only A rating
    /// left; with two distinct books one is held out. u1 has one rating and
    /// keeps it.
    @Test func laterDuplicateWinsAndSmallUsersKeepEverything() {
        let data = ratingData(
            keys: ["A", "B"], users: 2, ratings: [(0, 0, 2), (0, 1, 3), (1, 0, 5), (0, 0, 4)], shelf: [(1, 1)])
        let split = HoldoutSplit(fraction: 0.2, seed: 1).split(data)
        #expect(split.duplicatesReplaced == 1)
        #expect(split.test.ratingCount == 1 && split.test.ratingUser == [0])
        #expect(split.training.ratingCount == 2)
        #expect(!split.training.ratingValue.contains(2) && !split.test.ratingValue.contains(2))
        #expect(triples(split.training).contains("u1|A|5.0"))
        #expect(split.training.shelfUser == [1])
    }

    @Test func uniformStaysBelowTheBound() {
        var random = SeededRandom(seed: 9)
        var counts = [Int](repeating: 0, count: 3)
        for _ in 0..<3000 { counts[HoldoutSplit.uniform(below: 3, using: &random)] += 1 }
        #expect(counts.allSatisfy { $0 > 900 && $0 < 1100 })
    }
}
