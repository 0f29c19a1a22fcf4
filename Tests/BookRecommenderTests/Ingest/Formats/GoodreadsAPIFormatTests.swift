import Foundation
import Testing

@testable import BookRecommender

@Suite struct GoodreadsAPIFormatTests {
    private func read(_ path: String) -> (sink: CollectingSink, error: IngestError?) {
        var sink = CollectingSink()
        do throws(IngestError) {
            try GoodreadsAPIFormat().read(InputFile(path: path), into: &sink)
            return (sink, nil)
        } catch {
            return (sink, error)
        }
    }

    @Test func readsTheRealSavedReviewList() {
        let (sink, error) = read(XMLFixtures.path("goodreads_api-v2_review-list_2016_trimmed.xml"))
        #expect(error == nil && sink.rejects.isEmpty)
        let user = "goodreads_api-v2_review-list_2016_trimmed"
        #expect(
            sink.ratings.first
                == .init(
                    user: user,
                    book: BookRef(
                        localID: "goodreads:30694158", title: "Gutted: Beautiful Horror Stories",
                        authors: ["Doug Murano"]),
                    value: 3, line: 9))
        #expect(sink.ratings.map(\.value) == [3, 3, 4])
        #expect(sink.ratings.map(\.line) == [9, 78, 147])
        #expect(sink.shelved.map(\.book.localID) == ["goodreads:29481814"])
        #expect(
            sink.shelved.first?.book.title
                == "Swedish: Learn Swedish Fast. Understand The Swedish Language & Start Talking Swedish Now")
    }

    @Test func isbnsNilsShelvesAndBadReviews() {
        let (sink, error) = read(XMLFixtures.path("goodreads_api_mixed.xml"))
        #expect(error == nil)
        #expect(
            sink.ratings.map(\.book) == [
                BookRef(
                    isbn13: "9780439023481", localID: "goodreads:2767052",
                    title: "The Hunger Games (The Hunger Games, #1)", authors: ["Suzanne Collins"])
            ])
        #expect(
            sink.shelved.map(\.book) == [
                BookRef(localID: "goodreads:44525305", title: "Ensayo sobre la ceguera", authors: ["José Saramago"]),
                BookRef(localID: "goodreads:12", title: "Dune & Co"),
            ])
        #expect(sink.shelved.map(\.line) == [17, 45])
        #expect(sink.rejects.map(\.line) == [29, 40])
        #expect(sink.rejects.map(\.reason) == [.ratingOffScale("7"), .noBookID])
        #expect(
            sink.rejects.last?.record
                == "<review><book/isbn></book/isbn><book/isbn13></book/isbn13><rating>4</rating></review>")
    }

    @Test func aTruncatedResponseKeepsTheReviewsBeforeTheBreak() throws {
        let text = try String(contentsOfFile: XMLFixtures.path("goodreads_api_mixed.xml"), encoding: .utf8)
        let path = try XMLFixtures.write(String(text.prefix(through: text.range(of: "<id>3</id>")!.upperBound)))
        let (sink, error) = read(path)
        #expect(sink.ratings.count == 1 && sink.shelved.count == 1)
        guard case .malformed(path, _, _) = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
    }

    @Test func anotherRootIsMalformed() throws {
        let path = try XMLFixtures.write("<rss><channel/></rss>")
        #expect(
            read(path).error
                == .malformed(path: path, line: 1, reason: "root element is <rss>, expected <GoodreadsResponse>"))
    }
}
