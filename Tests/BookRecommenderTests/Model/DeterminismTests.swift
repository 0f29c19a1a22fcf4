import Testing

@testable import BookRecommender

/// A seeded 2,000 × 500 synthetic matrix: output identical for any thread
/// count, and never a book the user has.
@Suite struct DeterminismTests {
    private static let data = syntheticData(users: 2_000, items: 500, seed: 0x5EED)

    private static func fit(threads: Int, _ change: (inout ModelOptions) -> Void = { _ in }) -> FittedModel {
        CollaborativeFilter(
            options: options {
                $0.threads = threads
                change(&$0)
            }
        ).fit(data)
    }

    @Test(arguments: [Similarity.cosine, .jaccard, .pearson], [Scoring.weightedSum, .weightedAverage])
    func sameOutputForAnyThreadCount(similarity: Similarity, scoring: Scoring) {
        let change: (inout ModelOptions) -> Void = {
            $0.similarity = similarity
            $0.scoring = scoring
            $0.shrinkage = similarity == .cosine ? 5 : 0
        }
        let single = Self.fit(threads: 1, change)
        let expected = single.recommendAll()
        #expect(expected.contains { $0.contains { !$0.fallback && !$0.because.isEmpty } })
        for threads in [2, 3, 7] {
            let model = Self.fit(threads: threads, change)
            for item in Int32(0)..<500 {
                let (a, b) = (model.neighbors(of: item), single.neighbors(of: item))
                #expect(a.map(\.item) == b.map(\.item) && a.map(\.similarity) == b.map(\.similarity))
            }
            #expect(model.recommendAll() == expected, "threads \(threads)")
        }
    }

    @Test func noUserIsRecommendedABookTheyHave() {
        let model = Self.fit(threads: 2) { $0.top = 20 }
        var owned = [Set<Int32>](repeating: [], count: Self.data.userCount)
        for (user, item) in zip(Self.data.ratingUser, Self.data.ratingItem) { owned[Int(user)].insert(item) }
        for (user, item) in zip(Self.data.shelfUser, Self.data.shelfItem) { owned[Int(user)].insert(item) }
        let all = model.recommendAll()
        #expect(model.duplicatesReplaced > 0)
        #expect(model.ratingsKept == Self.data.ratingCount - model.duplicatesReplaced)
        for (user, picks) in all.enumerated() {
            let items = picks.map(\.item)
            #expect(items.count == 20)
            #expect(Set(items).count == items.count)
            #expect(owned[user].isDisjoint(with: items), "user \(user)")
            // Filter picks first, best first; then the fill.
            let filter = picks.prefix { !$0.fallback }
            #expect(picks.dropFirst(filter.count).allSatisfy { $0.fallback })
            #expect(zip(filter, filter.dropFirst()).allSatisfy { $0.score >= $1.score })
            for pick in filter {
                #expect(pick.because.allSatisfy { owned[user].contains($0.item) })
            }
        }
    }
}
