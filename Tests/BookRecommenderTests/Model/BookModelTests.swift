import Foundation
import Testing

@testable import BookRecommender

/// The library's front door: `BookModel` gives the batch run's picks, to
/// known readers and new ones alike, and is safe to share between tasks.
@Suite struct BookModelTests {
    /// The worked example (see `CollaborativeFilterTests`): A B C D, cosine, top 3, min ratings 2.
    static let worked = ModelFiles.model(workedExample, options { $0.minRatings = 2 })
    static let data = syntheticData(users: 80, items: 50, seed: 5)
    static let synthetic = ModelFiles.model(data)

    /// Picks as (book, score to 6 places, fallback, because).
    static func summary(_ picks: [Pick]) -> [String] {
        picks.map { "\($0.book) \(String(format: "%.6f", $0.score)) \($0.fallback) \($0.because)" }
    }

    @Test func fittingNoRatingIsAnError() {
        #expect(throws: BookModelError.noRatings) { try BookModel.fit(RatingsBuilder().build()) }
    }

    @Test func theDefaultOptionsAreTheCommandLines() {
        #expect(ModelOptions() == RunSettings().model)
        #expect(ModelOptions().threads == ProcessInfo.processInfo.activeProcessorCount)
    }

    @Test func aKnownReaderGetsTheHandWorkedPicks() {
        #expect(
            Self.summary(Self.worked.recommend(user: "u0", top: 3)) == [
                "C 1.902621 false [\"B\", \"A\"]", "D 2.386364 true []",
            ])
        // u3 has one rating, fewer than 2: the popularity list without their own D.
        #expect(
            Self.summary(Self.worked.recommend(user: "u3", top: 3)) == [
                "C 2.104167 true []", "A 2.020833 true []", "B 2.019231 true []",
            ])
        #expect(Self.worked.recommend(user: "u0", top: 1).map(\.book) == ["C"])
        #expect(Self.worked.recommend(user: "u0", top: 0).isEmpty)
    }

    @Test func anUnknownReaderGetsNothing() {
        #expect(Self.worked.recommend(user: "nobody").isEmpty)
        #expect(Self.worked.recommend(user: "").isEmpty)
    }

    @Test func everyKnownReaderGetsTheBatchRunsPicks() {
        let fitted = CollaborativeFilter(options: Self.synthetic.options).fit(Self.data)
        let batch = fitted.recommendAll()
        for (user, id) in Self.data.userIDs.enumerated() {
            let expected = batch[user].map { pick in
                Pick(
                    book: Self.data.itemKeys[Int(pick.item)], title: Self.synthetic.books.infos[Int(pick.item)].title,
                    authors: Self.synthetic.books.infos[Int(pick.item)].authors, score: Double(pick.score),
                    because: pick.because.map { Self.data.itemKeys[Int($0.item)] }, fallback: pick.fallback)
            }
            #expect(Self.synthetic.recommend(user: id, top: 10) == expected, "\(id)")
        }
    }

    @Test func aNewReaderWithAKnownReadersRatingsGetsTheirPicks() {
        let shelving = Set(Self.data.shelfUser)
        var compared = 0
        for (user, id) in Self.data.userIDs.enumerated() where !shelving.contains(Int32(user)) {
            let ratings = Dictionary(
                uniqueKeysWithValues: Self.synthetic.readers.rows.ratings(of: user).map {
                    (Self.data.itemKeys[Int($0.item)], Double($0.rating))
                })
            #expect(Self.synthetic.recommend(ratings: ratings, top: 10) == Self.synthetic.recommend(user: id, top: 10))
            compared += 1
        }
        // Readers who shelved books are left out: ratings alone cannot say what they shelved.
        #expect(compared == 18)
    }

    @Test func aNewReaderNeverGetsABookTheyName() {
        // One rating (fewer than 2): the popularity list D C A B without A.
        #expect(
            Self.summary(Self.worked.recommend(ratings: ["A": 1], top: 3)) == [
                "D 2.386364 true []", "C 2.104167 true []", "B 2.019231 true []",
            ])
        // u0's ratings and a book the model does not know: u0's picks, the unknown book in no reason.
        #expect(
            Self.worked.recommend(ratings: ["A": 1, "B": 2, "unknown": 5], top: 3)
                == Self.worked.recommend(user: "u0", top: 3))
        // A rating off the scale only keeps its book (C, u0's filter pick) out.
        #expect(
            Self.summary(Self.worked.recommend(ratings: ["A": 1, "B": 2, "C": 7], top: 3)) == ["D 2.386364 true []"])
        for user in Self.data.userIDs.prefix(20) {
            let ratings = Dictionary(
                uniqueKeysWithValues: Self.synthetic.recommend(user: user, top: 5).map { ($0.book, 4.0) })
            let picks = Self.synthetic.recommend(ratings: ratings, top: 20)
            #expect(!picks.contains { ratings[$0.book] != nil })
            #expect(picks.allSatisfy { $0.because.allSatisfy { ratings[$0] != nil } })
        }
    }

    @Test func similarBooksAreTheNeighbourList() {
        let alike = Self.worked.similar(to: "A", top: 5)
        #expect(alike.map(\.book) == ["C", "B"])
        #expect(alike.map { String(format: "%.6f", $0.similarity) } == ["0.848528", "0.596285"])
        #expect(Self.worked.similar(to: "A", top: 1).map(\.book) == ["C"])
        #expect(Self.worked.similar(to: "D").isEmpty)
        #expect(Self.worked.similar(to: "Z").isEmpty)
        #expect(Self.worked.similar(to: "A", top: 0).isEmpty)
    }

    @Test func booksAreFoundByAnyISBNForm() throws {
        var builder = RatingsBuilder()
        for (user, books) in [("ana", ["0316015849", "9780439023481"]), ("ben", ["978-0-316-01584-4", "0439554934"])] {
            for book in books { builder.add(user: user, book: book, rating: 4) }
        }
        builder.add(user: "cy", book: "9780439023481", rating: 5)
        builder.add(user: "cy", book: "0439554934", rating: 3)
        let model = try BookModel.fit(builder.build(), options: options { $0.minRatings = 1 })
        #expect(model.books.keys == ["9780316015844", "9780439023481", "9780439554930"])
        #expect(model.similar(to: "0-316-01584-9").map(\.book) == model.similar(to: "9780316015844").map(\.book))
        #expect(!model.similar(to: "0316015849").isEmpty)
        let picks = model.recommend(ratings: ["0316015849": 4], top: 5)
        #expect(Set(picks.map(\.book)) == ["9780439023481", "9780439554930"])
        #expect(picks == model.recommend(ratings: ["978-0-316-01584-4": 4], top: 5))
    }

    @Test func manyTasksAtOnceGetTheSameAnswers() async {
        let model = Self.synthetic
        let users = Self.data.userIDs
        let serial = users.map { model.recommend(user: $0, top: 10) }
        let results = await withTaskGroup(of: (Int, [[Pick]]).self) { group in
            for task in 0..<8 {
                group.addTask {
                    (task, users.map { model.recommend(user: $0, top: 10) })
                }
            }
            var results: [[[Pick]]] = []
            for await (_, picks) in group { results.append(picks) }
            return results
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == serial })
    }
}
