import Testing

@testable import BookRecommender

@Suite struct StoryGraphCSVFormatTests {
    static let file = FormatFixture.file("storygraph_export_2025.csv")

    @Test func sampleCounts() throws {
        let sink = try FormatFixture.read(.storygraph, Self.file)
        #expect(sink.ratings.count == 13)
        #expect(sink.shelved.count == 32)
        // The sample repeats its header on line 2.
        #expect(sink.rejects.map(\.reason) == [.ratingNotANumber("Star Rating")])
        #expect(sink.rejects.map(\.line) == [2])
        #expect(sink.total == (try FormatFixture.dataLines(Self.file)))
    }

    @Test func isbnsAsinsAndDamagedNumbers() throws {
        let sink = try FormatFixture.read(.storygraph, Self.file)
        let byTitle = Dictionary(sink.books.map { ($0.title ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byTitle["The Handmaid's Tale"]?.isbn13 == "9780385490818")
        #expect(byTitle["84, Charing Cross Road"]?.isbn13 == "9780140143508")
        #expect(byTitle["Indira"]?.isbn13 == "9788418897825")
        #expect(byTitle["The Sword of Kaigen"]?.localID == "asin:B07MNWKF2M")
        let rebellion = try #require(byTitle["La rebelión de los buenos"])
        #expect(rebellion.isbn13 == nil && rebellion.localID == nil)
        #expect(
            TitleKey.make(title: rebellion.title, author: rebellion.authors.first)
                == "title:la rebelion de los buenos|santiago")
    }

    @Test func fractionalStarRatings() throws {
        let sink = try FormatFixture.read(.storygraph, Self.file)
        #expect(sink.ratings.first { $0.line == 44 }?.value == 3.75)
        #expect(sink.ratings.first { $0.book.isbn13 == "9780393354775" }?.value == 4.25)
        #expect(sink.ratings.first { $0.line == 47 }?.value == 5)
    }

    @Test func noISBNAndNoTitleIsRejected() throws {
        let file = TemporaryFile("Title,Authors,ISBN/UID,Star Rating\n,Someone,,4\nBook,,,9\n")
        defer { file.remove() }
        let sink = try FormatFixture.read(.storygraph, InputFile(path: file.path))
        #expect(sink.rejects.map(\.reason) == [.noBookID, .ratingOffScale("9")])
    }

    @Test func stopsWhenTheSinkIsStopped() throws {
        var sink = CollectingSink(stopAfter: 1)
        try FormatFixture.read(.storygraph, Self.file, into: &sink)
        #expect(sink.total == 1)
    }
}
