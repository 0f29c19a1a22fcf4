import Testing

@testable import BookRecommender

/// A pick as the tests write it: item, score, fallback, and (item, rating, weight) reasons.
private typealias ExpectedPick = (item: Int32, score: Float, fallback: Bool, because: [(Int32, Float, Float)])

private func expectPicks(
    _ actual: [Recommendation], _ expected: [ExpectedPick], sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual.map(\.item) == expected.map(\.item), sourceLocation: sourceLocation)
    #expect(actual.map(\.fallback) == expected.map(\.fallback), sourceLocation: sourceLocation)
    for (got, want) in zip(actual, expected) {
        #expect(close(got.score, want.score), "score of \(got.item)", sourceLocation: sourceLocation)
        #expect(got.because.map(\.item) == want.because.map(\.0), sourceLocation: sourceLocation)
        #expect(got.because.map(\.rating) == want.because.map(\.1), sourceLocation: sourceLocation)
        for (reason, wanted) in zip(got.because, want.because) {
            #expect(close(reason.weight, wanted.2), "weight of \(reason.item)", sourceLocation: sourceLocation)
        }
    }
}

/// Picks for `workedExample` (A B C D = 0 1 2 3), worked by hand from the
/// cosine similarities in `ItemNeighborsTests.cosine`:
/// AB = 0.596285, AC = 0.848528, BC = 0.527046; D has no neighbours.
///
/// Popularity, m = 10, C = 17/8 = 2.125 (m·C = 21.25):
/// A (3 + 21.25)/12 = 2.020833, B (5 + 21.25)/13 = 2.019231,
/// C (4 + 21.25)/12 = 2.104167, D (5 + 21.25)/11 = 2.386364 → D, C, A, B.
@Suite struct CollaborativeFilterTests {
    private static let baseOptions = options {
        $0.top = 3
        $0.minRatings = 2
    }

    private func picks(_ change: (inout ModelOptions) -> Void = { _ in }) -> [[Recommendation]] {
        var options = Self.baseOptions
        change(&options)
        return CollaborativeFilter(options: options).fit(workedExample).recommendAll()
    }

    @Test func weightedSumWithReasonsAndFill() {
        let all = picks()
        // u0 lacks C: AC·1 + BC·2 = 0.848528 + 1.054093 = 1.902621; B gave more than A.
        // The list is filled from popularity: D (C is picked, A and B are u0's).
        expectPicks(all[0], [(2, 1.902621, false, [(1, 2, 1.054093), (0, 1, 0.848528)]), (3, 2.386364, true, [])])
        // u1 owns A, B, C and D neighbours nothing: popularity only.
        expectPicks(all[1], [(3, 2.386364, true, [])])
        // u2 lacks A: AB·2 + AC·1 = 1.192570 + 0.848528 = 2.041098.
        expectPicks(all[2], [(0, 2.041098, false, [(1, 2, 1.192570), (2, 1, 0.848528)]), (3, 2.386364, true, [])])
        // u3 has one rating (< minRatings 2): cold start, popularity without its own D.
        expectPicks(all[3], [(2, 2.104167, true, []), (0, 2.020833, true, []), (1, 2.019231, true, [])])
        // u4 rated nothing and shelved C: popularity without C.
        expectPicks(all[4], [(3, 2.386364, true, []), (0, 2.020833, true, []), (1, 2.019231, true, [])])
    }

    @Test func weightedAverage() {
        let all = picks { $0.scoring = .weightedAverage }
        // u0, C: 1.902621 / (AC + BC = 1.375574) = 1.383146; shares 1.054093/1.375574, 0.848528/1.375574.
        expectPicks(all[0], [(2, 1.383146, false, [(1, 2, 0.766293), (0, 1, 0.616854)]), (3, 2.386364, true, [])])
        // u2, A: 2.041098 / (AB + AC = 1.444813) = 1.412707.
        expectPicks(all[2], [(0, 1.412707, false, [(1, 2, 0.825415), (2, 1, 0.587293)]), (3, 2.386364, true, [])])
    }

    @Test func reasonsAreCappedAndCanBeOff() {
        let one = picks { $0.reasons = 1 }
        expectPicks(one[0], [(2, 1.902621, false, [(1, 2, 1.054093)]), (3, 2.386364, true, [])])
        let none = picks { $0.reasons = 0 }
        expectPicks(none[0], [(2, 1.902621, false, []), (3, 2.386364, true, [])])
    }

    @Test func shelvedBooksAreNotRecommended() {
        // u0 shelving C removes the filter's only pick; the fill skips C as well.
        var data = workedExample
        data.shelfUser.append(0)
        data.shelfItem.append(2)
        data.shelfTag.append(.otherEdition)
        let all = CollaborativeFilter(options: Self.baseOptions).fit(data).recommendAll()
        expectPicks(all[0], [(3, 2.386364, true, [])])
    }

    @Test func excludeSetRemovesBooksEverywhere() {
        let all = picks { $0.exclude = ItemSet([3]) }
        expectPicks(all[0], [(2, 1.902621, false, [(1, 2, 1.054093), (0, 1, 0.848528)])])
        expectPicks(all[1], [])
        expectPicks(all[4], [(0, 2.020833, true, []), (1, 2.019231, true, [])])
    }

    @Test func onlySetLimitsWhatMayBeRecommended() {
        let all = picks { $0.only = ItemSet([0, 3]) }
        // C is not held: u0 gets only the fill D; u2's A is held.
        expectPicks(all[0], [(3, 2.386364, true, [])])
        expectPicks(all[2], [(0, 2.041098, false, [(1, 2, 1.192570), (2, 1, 0.848528)]), (3, 2.386364, true, [])])
        expectPicks(all[3], [(0, 2.020833, true, [])])
    }

    @Test func topCutsTheListAndZeroMeansNone() {
        let one = picks { $0.top = 1 }
        expectPicks(one[0], [(2, 1.902621, false, [(1, 2, 1.054093), (0, 1, 0.848528)])])
        expectPicks(one[3], [(2, 2.104167, true, [])])
        let none = picks { $0.top = 0 }
        #expect(none.allSatisfy { $0.isEmpty })
    }

    @Test func equalContributionsAndScoresGoByKey() {
        // Items: 0 = "Q", 1 = "P", 2 = "T". Users t: Q=4 P=4; a: Q=4 T=4; b: P=4 T=4.
        // Every pair has cosine 16 / (√32·√32) = 0.5.
        // t lacks T: 0.5·4 (from Q) + 0.5·4 (from P) = 4; the reasons tie at 2, P's key first.
        let data = ratingData(
            keys: ["Q", "P", "T"], users: 3,
            ratings: [(0, 0, 4), (0, 1, 4), (1, 0, 4), (1, 2, 4), (2, 1, 4), (2, 2, 4)])
        let all = CollaborativeFilter(options: options { $0.minRatings = 1 }).fit(data).recommendAll()
        expectPicks(all[0], [(2, 4, false, [(1, 4, 2), (0, 4, 2)])])
        // Items 1 ("Y") and 2 ("X") score the same for u0: X's key sorts first.
        let tie = ratingData(
            keys: ["Z", "Y", "X"], users: 3, ratings: [(0, 0, 5), (1, 0, 3), (1, 1, 3), (2, 0, 3), (2, 2, 3)])
        let tied = CollaborativeFilter(options: options { $0.minRatings = 1 }).fit(tie).recommendAll()
        #expect(tied[0].map(\.item) == [2, 1])
        #expect(tied[0][0].score == tied[0][1].score)
    }
}
