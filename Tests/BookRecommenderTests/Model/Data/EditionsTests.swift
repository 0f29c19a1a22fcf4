import Foundation
import Testing

@testable import BookRecommender

/// Two editions of one work (one title and author, two ISBNs) are scored as one book.
@Suite struct EditionsTests {
    static let duneAce = "9780441172719"
    static let duneHodder = "9780340960196"
    static let emma = "9780141439587"
    static let blindness = "9780156007757"

    /// Readers of Emma who read both editions of Dune and Blindness; `cy` has read Emma only.
    static func ratings() -> Ratings {
        var builder = RatingsBuilder()
        for user in ["ana", "ben", "dee"] {
            builder.add(user: user, book: emma, rating: 5, title: "Emma", author: "Jane Austen")
            builder.add(user: user, book: duneAce, rating: 5, title: "Dune", author: "Frank Herbert")
            builder.add(user: user, book: duneHodder, rating: 5, title: "Dune (Dune, #1)", author: "Herbert, Frank")
            builder.add(user: user, book: blindness, rating: 4, title: "Blindness", author: "José Saramago")
        }
        builder.add(user: "cy", book: emma, rating: 5)
        return builder.build()
    }

    static func model() throws -> BookModel {
        var options = ModelOptions()
        options.similarity = .cosine
        options.shrinkage = 0
        options.minRatings = 1
        return try BookModel.fit(ratings(), options: options)
    }

    @Test func editionsAreFoundByTitleAndAuthor() {
        let ratings = Self.ratings()
        let editions = Editions(infos: ratings.items)
        #expect(editions.workCount == 1)
        let items = editions.items(of: 0).map { ratings.data.itemKeys[Int($0)] }
        #expect(Set(items) == [Self.duneAce, Self.duneHodder])
        #expect(Editions(infos: []).isEmpty)
    }

    @Test func aListHoldsOneEditionOfAWork() throws {
        let picks = try Self.model().recommend(user: "cy", top: 5).map(\.book)
        // All three books score 5 (cosine 1 with Emma, rated 5): ties go by key, and the
        // first edition in key order stands for Dune; the other is not listed at all.
        #expect(picks == [Self.blindness, Self.duneHodder])
    }

    @Test func aReaderWithOneEditionIsNeverOfferedAnother() throws {
        let model = try Self.model()
        let picks = model.recommend(ratings: [Self.emma: 5, Self.duneAce: 4], top: 5).map(\.book)
        #expect(picks == [Self.blindness])
        let shelvedOnly = model.recommend(ratings: [Self.emma: 5, Self.duneHodder: 3], top: 5).map(\.book)
        #expect(shelvedOnly == [Self.blindness])
    }

    /// A run that fits takes the editions ingest left; a model file finds them in its titles: the same works.
    @Test func ingestAndTheModelsTitlesGiveTheSameEditions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("editions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Exclusive Shelf\n"
        let rows = [
            "1,Dune,Frank Herbert,\"Herbert, Frank\",,,=\"\(Self.duneAce)\",5,read",
            "2,\"Dune (Dune, #1)\",Frank Herbert,\"Herbert, Frank\",,,=\"\(Self.duneHodder)\",4,read",
            "3,Emma,Jane Austen,\"Austen, Jane\",,,,5,read",
            "4,Emma,Jane Austen,\"Austen, Jane\",,,=\"\(Self.emma)\",0,to-read",
        ]
        let file = folder.appendingPathComponent("ann.csv")
        try Data((header + rows.joined(separator: "\n") + "\n").utf8).write(to: file)
        let result = try Ingestor(format: nil, columns: nil, policy: .skip).ingest(
            [InputFile(path: file.path)], catalogFile: nil, rejects: RejectLog(streamingTo: nil))
        #expect(result.sameBook.joined == 1)
        #expect(result.editions.workCount == 1)
        #expect(result.editions.workOf == Editions(infos: result.items).workOf)
        let dune = result.editions.items(of: 0).map { result.data.itemKeys[Int($0)] }
        #expect(Set(dune) == [Self.duneAce, Self.duneHodder])
    }

    @Test func theModelFileKeepsTheRule() throws {
        let model = try Self.model()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("editions-\(UUID().uuidString).bookrec")
        defer { try? FileManager.default.removeItem(at: url) }
        try model.write(to: url)
        let again = try BookModel(contentsOf: url)
        #expect(again.recommend(user: "cy", top: 5) == model.recommend(user: "cy", top: 5))
        #expect(again.recommend(ratings: [Self.emma: 5, Self.duneAce: 4], top: 5).map(\.book) == [Self.blindness])
    }
}
