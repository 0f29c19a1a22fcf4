import Foundation
import Testing

@testable import BookRecommender

/// The popularity prior: when it applies, its list, and picks checked against
/// a direct computation of `(1 − w) · s / s_max + w · prior`.
@Suite struct PopularityPriorTests {
    /// Items A–G (indices 0–6), eight readers; A, C and E have four readers each.
    static let data = ratingData(
        keys: ["A", "B", "C", "D", "E", "F", "G"], users: 8,
        ratings: [
            (0, 0, 5), (0, 1, 4), (1, 0, 4), (1, 1, 5), (1, 2, 3), (2, 1, 2), (2, 2, 5), (2, 3, 4), (3, 2, 4),
            (3, 3, 5), (4, 4, 3), (5, 4, 4), (5, 5, 2), (5, 0, 1), (6, 4, 5), (6, 6, 3), (7, 0, 3), (7, 4, 2),
            (7, 2, 1),
        ])

    /// Three books each for 60 readers over 30 books, each either rated or had without stars.
    static func sparse(unrated: Bool) -> RatingData {
        var ratings: [(user: Int32, item: Int32, rating: Float)] = []
        var shelf: [(user: Int32, item: Int32)] = []
        for index in 0..<180 {
            let (user, item) = (Int32(index / 3), Int32((index * 7) % 30))
            if unrated && index % 3 != 0 { shelf.append((user, item)) } else { ratings.append((user, item, 4)) }
        }
        return ratingData(
            keys: (0..<30).map { "b\($0)" }, users: 60, ratings: ratings, shelf: shelf, shelfKind: .unrated)
    }

    @Test func itAppliesWhenMostBooksCarryNoStars() {
        let weights = InteractionWeights()
        #expect(PopularityPrior.suits(RatingMatrix(Self.sparse(unrated: true), weights: weights)))
        #expect(!PopularityPrior.suits(RatingMatrix(Self.sparse(unrated: false), weights: weights)))
        #expect(!PopularityPrior.suits(RatingMatrix(Self.data, weights: weights)))
    }

    @Test func theListIsInReaderOrderScoredByThePrior() {
        let list = PopularityPrior.popularity(of: RatingMatrix(Self.data))
        // Four readers (A, C, E by key), three (B), two (D), one (F, G by key).
        #expect(list.items == [0, 2, 4, 1, 3, 5, 6])
        let expected: [Double] = [4, 4, 4, 3, 2, 1, 1].map { log(1 + $0) / log(5) }
        #expect(zip(list.scores, expected).allSatisfy { close($0, Float($1)) })
        #expect(list.scoreByItem(count: 7)[3] == list.scores[4])
    }

    @Test(arguments: [Float(0.3), 0.6, 0.9])
    func picksBlendTheFilterScoreWithThePrior(weight: Float) {
        let model = CollaborativeFilter(
            options: options {
                $0.minRatings = 1
                $0.top = 4
                $0.popularityWeight = weight
            }
        ).fit(Self.data)
        let prior = PopularityPrior.popularity(of: model.matrix).scoreByItem(count: 7)
        let lists = model.recommendAll()
        for user in Int32(0)..<8 {
            let owned = Set(model.ratings(of: user).map(\.item))
            var sums = [Double](repeating: 0, count: 7)
            for (item, rating) in model.ratings(of: user) {
                for (neighbor, similarity) in model.neighbors(of: item) {
                    sums[Int(neighbor)] += Double(similarity * rating)
                }
            }
            let open = (0..<7).filter { !owned.contains(Int32($0)) }
            let best = open.map { sums[$0] }.max() ?? 0
            let w = Double(weight)
            var scored: [(item: Int32, score: Double)] = []
            for j in open {
                let reached: Double = sums[j] > 0 ? (1 - w) * sums[j] / best : 0
                scored.append((Int32(j), reached + w * Double(prior[j])))
            }
            scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.item < $1.item }
            let expected = scored.prefix(4)
            let picks = lists[Int(user)]
            #expect(picks.map(\.item) == expected.map { $0.item }, "user \(user)")
            #expect(zip(picks, expected).allSatisfy { close($0.score, Float($1.score)) })
            // A book no neighbour reached is a popularity pick, without reasons.
            #expect(picks.allSatisfy { $0.fallback == !(sums[Int($0.item)] > 0) })
            #expect(picks.allSatisfy { $0.fallback == $0.because.isEmpty })
        }
    }

    @Test func autoChoosesThePriorOnlyForSparseBooksWithoutStars() {
        let unrated = Self.sparse(unrated: true)
        #expect(CollaborativeFilter().fit(unrated).options.popularityWeight == PopularityPrior.sparseWeight)
        #expect(CollaborativeFilter().fit(Self.sparse(unrated: false)).options.popularityWeight == 0)
        // Forty books a reader, all without stars: not sparse, so no prior.
        let dense = ratingData(
            keys: (0..<400).map { "d\($0)" }, users: 80, ratings: [],
            shelf: (0..<3_200).map { (index: Int) -> (user: Int32, item: Int32) in
                (Int32(index / 40), Int32((index / 40 * 7 + index % 40 * 3) % 400))
            }, shelfKind: .unrated)
        #expect(PopularityPrior.suits(RatingMatrix(dense)))
        #expect(CollaborativeFilter().fit(dense).options.popularityWeight == 0)
        // Only auto chooses; a weight given is kept.
        var bm25 = ModelOptions()
        bm25.similarity = .bm25
        #expect(CollaborativeFilter(options: bm25).fit(unrated).options.popularityWeight == 0)
        var given = ModelOptions()
        given.popularityWeight = 0.25
        #expect(CollaborativeFilter(options: given).fit(unrated).options.popularityWeight == 0.25)
        // With the prior the fallback list is in reader order.
        let list = PopularityPrior.popularity(of: RatingMatrix(unrated)).items
        #expect(CollaborativeFilter().fit(unrated).popularity.items == list)
    }

    @Test func picksAreTheSameForAnyThreadCountAndNeverABookTheReaderHas() {
        // 300 readers with 2 to 7 of 80 books, skewed to the first; two thirds without stars.
        var random = SeededRandom(seed: 28)
        var ratings: [(user: Int32, item: Int32, rating: Float)] = []
        var shelf: [(user: Int32, item: Int32)] = []
        for user in Int32(0)..<300 {
            for _ in 0..<(2 + random.below(6)) {
                let item = Int32(min(random.below(80), random.below(80)))
                if random.below(3) == 0 {
                    ratings.append((user, item, Float(1 + random.below(5))))
                } else {
                    shelf.append((user, item))
                }
            }
        }
        let data = ratingData(
            keys: (0..<80).map { "s\($0)" }, users: 300, ratings: ratings, shelf: shelf, shelfKind: .unrated)
        let fit = { (threads: Int) in
            CollaborativeFilter(
                options: options {
                    $0.similarity = .bm25
                    $0.popularityWeight = 0.6
                    $0.threads = threads
                    $0.top = 12
                }
            ).fit(data)
        }
        let single = fit(1)
        let expected = single.recommendAll()
        #expect(expected.contains { $0.contains(where: \.fallback) })
        #expect(expected.contains { $0.contains { !$0.fallback } })
        for threads in [2, 3] { #expect(fit(threads).recommendAll() == expected, "threads \(threads)") }
        for (user, picks) in expected.enumerated() {
            let owned = Set(single.ratings(of: Int32(user)).map(\.item))
            #expect(picks.allSatisfy { !owned.contains($0.item) })
            #expect(Set(picks.map(\.item)).count == picks.count)
        }
    }

    @Test func theModelFileKeepsTheWeightAndOlderFilesReadAsNone() throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = ModelFiles.model(Self.data, options { $0.popularityWeight = 0.6 })
        let url = folder.appendingPathComponent("prior.bookrec")
        try model.write(to: url)
        let again = try BookModel(contentsOf: url)
        #expect(again.options.popularityWeight == 0.6)
        for user in model.userIDs {
            #expect(again.recommend(user: user, top: 5) == model.recommend(user: user, top: 5))
        }
        let none = try JSONEncoder().encode(ModelMetadata.Options(ModelOptions()))
        #expect(!String(decoding: none, as: UTF8.self).contains("popularityWeight"))
        let read = try JSONDecoder().decode(ModelMetadata.Options.self, from: none)
        #expect(read.modelOptions(exclude: nil, only: nil)?.popularityWeight == 0)
    }
}
