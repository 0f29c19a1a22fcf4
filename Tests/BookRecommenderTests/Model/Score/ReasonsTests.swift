import Testing

@testable import BookRecommender

/// Every pick's reasons against a brute-force count over all of the user's
/// rated books, on data where heavy readers let the reasons pass stop early.
@Suite struct ReasonsTests {
    /// The largest `model.options.reasons` positive contributions `sim(i, pick) · r_i`
    /// over the user's rated books `i`, largest first, ties by item key.
    private static func expectedReasons(model: FittedModel, user: Int32, pick: Int32) -> [(Int32, Float)] {
        let keyRank = model.matrix.keyRank
        var contributions: [(item: Int32, value: Float)] = []
        for (item, rating) in model.ratings(of: user) {
            guard let link = model.neighbors(of: item).first(where: { $0.item == pick }) else { continue }
            let value = link.similarity * rating
            if value > 0 { contributions.append((item, value)) }
        }
        contributions.sort {
            $0.value != $1.value ? $0.value > $1.value : keyRank[Int($0.item)] < keyRank[Int($1.item)]
        }
        return contributions.prefix(model.options.reasons).map { ($0.item, $0.value) }
    }

    private static func check(_ model: FittedModel) {
        var explained = 0
        for (user, picks) in model.recommendAll().enumerated() {
            for pick in picks where !pick.fallback {
                let expected = expectedReasons(model: model, user: Int32(user), pick: pick.item)
                #expect(pick.because.map(\.item) == expected.map(\.0), "user \(user) pick \(pick.item)")
                #expect(pick.because.map(\.weight) == expected.map(\.1), "user \(user) pick \(pick.item)")
                explained += pick.because.isEmpty ? 0 : 1
            }
        }
        #expect(explained > 1_000)
    }

    @Test(arguments: [Similarity.bm25, .cosine, .pearson])
    func reasonsAreTheLargestContributions(similarity: Similarity) {
        let data = syntheticData(users: 600, items: 120, seed: 0x4EA5)
        Self.check(
            CollaborativeFilter(
                options: options {
                    $0.similarity = similarity
                    $0.neighbors = 30
                    $0.threshold = similarity == .pearson ? -1 : 0.001
                }
            ).fit(data))
    }

    /// Ratings at or below zero (possible through the library API) turn the
    /// order of contributions along a list around; they must not end the pass.
    /// Lists keep every neighbour, so negative similarities are in them.
    @Test func negativeAndZeroRatingsStillGiveTheirReasons() {
        var data = syntheticData(users: 400, items: 80, seed: 0x2E60)
        data.ratingValue = data.ratingValue.enumerated().map { index, value in
            index % 3 != 0 ? -value : index % 11 == 0 ? 0 : value
        }
        Self.check(
            CollaborativeFilter(
                options: options {
                    $0.similarity = .pearson
                    $0.neighbors = 80
                    $0.threshold = -1
                }
            ).fit(data))
    }
}
