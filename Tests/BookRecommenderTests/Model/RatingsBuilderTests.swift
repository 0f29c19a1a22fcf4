import Foundation
import Testing

@testable import BookRecommender

/// `RatingsBuilder` keys books as ingest does and accounts for every call.
@Suite struct RatingsBuilderTests {
    static let rows: [(user: String, book: String, rating: Double)] = [
        ("ana", "0316015849", 4), ("ana", "978-0-439-02348-1", 5), ("ben", "=\"0439554934\"", 3),
        ("ben", "B07MNWKF2M", 4), ("cy", "439554934", 2), ("cy", "my-own-id", 4.5), ("ana", "0316015849", 2),
    ]

    @Test func booksGetTheKeysIngestGivesThem() throws {
        var builder = RatingsBuilder()
        for row in Self.rows { builder.add(user: row.user, book: row.book, rating: row.rating) }
        let built = builder.build()
        let csv =
            "user,isbn,rating\n"
            + Self.rows.map { "\($0.user),\"\($0.book.replacingOccurrences(of: "\"", with: "\"\""))\",\($0.rating)" }
            .joined(separator: "\n") + "\n"
        let file = TemporaryFile(csv)
        defer { file.remove() }
        let ingested = try Ingestor(format: .ratingsCSV, columns: nil, policy: .fail)
            .ingest([InputFile(path: file.path)], catalogFile: nil, rejects: RejectLog(streamingTo: nil))
        #expect(
            built.data.itemKeys == [
                "9780316015844", "9780439023481", "9780439554930", "asin:B07MNWKF2M", "my-own-id",
            ])
        #expect(built.data.itemKeys == ingested.data.itemKeys)
        #expect(built.data.userIDs == ingested.data.userIDs)
        #expect(built.data.ratingUser == ingested.data.ratingUser)
        #expect(built.data.ratingItem == ingested.data.ratingItem)
        #expect(built.data.ratingValue == ingested.data.ratingValue)
        #expect(built.items == ingested.items)
        #expect(built.count == 7 && builder.rejects.isEmpty)
        // ana rated 0316015849 twice: the later rating is the model's.
        let model = try BookModel.fit(built)
        #expect(model.ratingCount == 6)
        #expect(model.readers.rows.ratings(of: 0).map(\.rating) == [2, 5])
    }

    /// A book without an ISBN is keyed by title and author and joins the ISBN
    /// book of the same title and author, in the builder as in ingest (here a
    /// ratings XML file with the same rows), whatever the order.
    @Test func booksKnownByTitleJoinTheirISBNBookAsIngestJoinsThem() throws {
        let rows: [(user: String, book: String, rating: Double, title: String?, author: String?)] = [
            ("ben", "dune-local", 4, "Dune (Dune, #1)", "Herbert, Frank"),
            ("ana", "978-0-441-01359-3", 5, "Dune", "Frank Herbert"), ("ana", "emma-1", 3, "Emma", "Jane Austen"),
            ("cy", "b7", 2, nil, nil),
        ]
        var builder = RatingsBuilder()
        for row in rows {
            builder.add(user: row.user, book: row.book, rating: row.rating, title: row.title, author: row.author)
        }
        let built = builder.build()
        func attribute(_ name: String, _ value: String?) -> String {
            value.map { " \(name)=\"\($0)\"" } ?? ""
        }
        let xml =
            "<ratings>\n"
            + rows.map { row in
                let book = row.book.hasPrefix("978") ? attribute("isbn", row.book) : attribute("book", row.book)
                return "<rating user=\"\(row.user)\"\(book) value=\"\(Int(row.rating))\""
                    + "\(attribute("title", row.title))\(attribute("author", row.author))/>\n"
            }.joined() + "</ratings>\n"
        let file = TemporaryFile(xml, suffix: ".xml")
        defer { file.remove() }
        let ingested = try Ingestor(format: nil, columns: nil, policy: .fail)
            .ingest([InputFile(path: file.path)], catalogFile: nil, rejects: RejectLog(streamingTo: nil))
        #expect(built.data.itemKeys == ["9780441013593", "title:emma|austen", "b7"])
        #expect(built.data.ratingItem == [0, 0, 1, 2])
        #expect(built.data.itemKeys == ingested.data.itemKeys && built.items == ingested.items)
        #expect(built.data.userIDs == ingested.data.userIDs && built.data.ratingUser == ingested.data.ratingUser)
        #expect(built.data.ratingItem == ingested.data.ratingItem)
        #expect(built.data.ratingValue == ingested.data.ratingValue)
    }

    @Test func unusableCallsAreListedNotDropped() {
        var builder = RatingsBuilder()
        builder.add(user: "", book: "0316015849", rating: 4)
        builder.add(user: "ana", book: "  ", rating: 4)
        builder.add(user: "ana", book: "0316015849", rating: 0)
        builder.add(user: "ana", book: "0316015849", rating: 5.5)
        builder.add(user: "ana", book: "0316015849", rating: .nan)
        builder.add(user: "ana", book: "0316015849", rating: 0.25)
        #expect(builder.count == 1)
        #expect(builder.rejects.map(\.call) == [1, 2, 3, 4, 5])
        #expect(
            builder.rejects.map(\.reason) == [
                .missingUser, .noBookID, .ratingOffScale("0.0"), .ratingOffScale("5.5"), .ratingOffScale("nan"),
            ])
        #expect(builder.rejects[1].book == "  " && builder.rejects[3].rating == 5.5)
    }

    @Test func theFirstTitleGivenForABookStays() {
        var builder = RatingsBuilder()
        builder.add(user: "ana", book: "0316015849", rating: 4)
        builder.add(user: "ben", book: "9780316015844", rating: 4, title: "Twilight", author: "Stephenie Meyer")
        builder.add(user: "cy", book: "0316015849", rating: 4, title: "Twilight (Book 1)", author: "S. Meyer")
        builder.add(user: "cy", book: "x1", rating: 4, title: "", author: "")
        let items = builder.build().items
        #expect(
            items == [
                ItemInfo(isbn13: "9780316015844", title: "Twilight", authors: ["Stephenie Meyer"]), ItemInfo(),
            ])
    }
}
