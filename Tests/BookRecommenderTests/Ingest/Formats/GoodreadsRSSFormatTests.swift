import Foundation
import Testing

@testable import BookRecommender

@Suite struct GoodreadsRSSFormatTests {
    private func read(_ path: String, stopAfter: Int? = nil) -> (sink: CollectingSink, error: IngestError?) {
        var sink = CollectingSink(stopAfter: stopAfter)
        do throws(IngestError) {
            try GoodreadsRSSFormat().read(InputFile(path: path), into: &sink)
            return (sink, nil)
        } catch {
            return (sink, error)
        }
    }

    @Test func readsTheRealCurrentlyReadingFeed() {
        let (sink, error) = read(XMLFixtures.path("goodreads_shelf_rss_2026_currently-reading.xml"))
        #expect(error == nil)
        #expect(sink.ratings.isEmpty && sink.rejects.isEmpty)
        #expect(sink.shelved.count == 12)
        #expect(Set(sink.shelved.map(\.user)) == ["goodreads_shelf_rss_2026_currently-reading"])
        #expect(
            sink.shelved.first
                == .init(
                    user: "goodreads_shelf_rss_2026_currently-reading",
                    book: BookRef(
                        isbn13: "9789722053068", localID: "goodreads:18480188", title: "O Lobo das Estepes",
                        authors: ["Hermann Hesse"]),
                    line: 22, kind: .reading))
        // Every item is on currently-reading, five of them listed after or before `meus-livros`.
        #expect(sink.shelved.allSatisfy { $0.kind == .reading })
        #expect(sink.shelved[1].book.title == "Macuna├¡ma: O her├│i sem nenhum car├íter")
        #expect(sink.shelved[5].book.isbn13 == nil && sink.shelved[5].book.localID == "goodreads:46124853")
        #expect(sink.shelved.map(\.line) == (0..<12).map { 22 + 40 * $0 })
    }

    @Test func ratesShelvesAndRejectsItems() throws {
        let folder = try XMLFixtures.makeTemporaryFolder()
        let path = folder.appendingPathComponent("alice.xml").path
        try FileManager.default.copyItem(atPath: XMLFixtures.path("goodreads_rss_mixed.xml"), toPath: path)
        let (sink, error) = read(path)
        #expect(error == nil)
        #expect(
            sink.ratings == [
                .init(
                    user: "alice",
                    book: BookRef(
                        isbn13: "9780439023481", localID: "goodreads:2767052", title: "The Hunger Games",
                        authors: ["Suzanne Collins"]),
                    value: 5, line: 6),
                .init(user: "alice", book: BookRef(title: "No id at all"), value: 3, line: 24),
                .init(user: "alice", book: BookRef(isbn13: "9780385490818", title: "Only an ISBN"), value: 2, line: 39),
            ])
        #expect(
            sink.shelved == [
                .init(user: "alice", book: BookRef(localID: "goodreads:12438", title: "Shelved & unrated"), line: 18)
            ])
        #expect(
            sink.rejects == [
                .init(
                    line: 29, reason: .ratingOffScale("7"),
                    record: "<item><title>Seven stars</title><book_id>1</book_id><user_rating>7</user_rating></item>"),
                .init(
                    line: 34, reason: .ratingNotANumber("great"),
                    record: "<item><title>Words</title><isbn>038549081X</isbn><user_rating>great</user_rating></item>"),
            ])
    }

    @Test func stopsOnceTheSinkIsStopped() {
        let (sink, error) = read(XMLFixtures.path("goodreads_rss_mixed.xml"), stopAfter: 1)
        #expect(error == nil)
        #expect(sink.total == 1)
    }

    @Test func wrongRootIsMalformed() throws {
        let path = try XMLFixtures.write("<?xml version=\"1.0\"?>\n<ratings/>\n")
        #expect(
            read(path).error == .malformed(path: path, line: 2, reason: "root element is <ratings>, expected <rss>"))
    }

    @Test func truncatedFeedKeepsEarlierItems() throws {
        let path = try XMLFixtures.write(
            """
            <rss><channel>
              <item><book_id>1</book_id><user_rating>4</user_rating></item>
              <item><book_id>2</book_id><user_rat
            """)
        let (sink, error) = read(path)
        #expect(sink.ratings.map(\.book.localID) == ["goodreads:1"])
        guard case .malformed(path, 3, _) = error else {
            Issue.record("expected malformed at line 3, got \(String(describing: error))")
            return
        }
    }
}
