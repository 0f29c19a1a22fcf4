import Foundation
import Testing

@testable import BookRecommender

/// Lookup order, field extraction and cleaning, against the loopback server.
@Suite struct EnricherLookupTests {
    typealias Support = EnrichTestSupport

    @Test func fallsBackFromISBN13ToISBN10ToTitleAndAuthor() async throws {
        let server = try TestHTTPServer { request in
            guard request.query["q"]?.hasPrefix("intitle:") == true else { return .json(Support.notFound) }
            return .json(
                Support.list(
                    id: "hg1", title: "The Hunger Games", authors: ["Suzanne Collins"], description: "<p>Katniss</p>"))
        }
        defer { server.stop() }
        let book = BookLookup(
            key: "9780439023481", isbn13: "9780439023481", title: "The Hunger Games (The Hunger Games, #1)",
            authors: ["Suzanne Collins"])
        let result = await Enricher(options: Support.options(for: server)).enrich([book])

        #expect(
            server.requests.map { $0.query["q"] } == [
                "isbn:9780439023481", "isbn:0439023483", "intitle:the hunger games inauthor:collins",
            ])
        let enrichment = try #require(result.enrichments["9780439023481"])
        #expect(enrichment.status == .ok)
        #expect(enrichment.volumeID == "hg1")
        #expect(enrichment.description == "Katniss")
    }

    @Test func anISBN10HitWithOnlyAnOtherIdentifierIsAccepted() async throws {
        let hit = try Support.fixture("volumes_q-isbn-0253324009_other-identifier.json")
        let server = try TestHTTPServer { request in
            switch (request.path, request.query["q"]) {
            case ("/books/v1/volumes", "isbn:0253324009"): .respond(status: 200, headers: [:], body: hit)
            case ("/books/v1/volumes", _): .json(Support.notFound)
            default: .json(#"{"error": {"code": 404, "message": "gone"}}"#, status: 404)
            }
        }
        defer { server.stop() }
        let cache = try Support.temporaryFolder()
        let book = BookLookup(key: "9780253324009", isbn13: "9780253324009", title: "Unrelated title")
        let result = await Enricher(options: Support.options(for: server, cache: cache)).enrich([book])

        let enrichment = try #require(result.enrichments[book.key])
        #expect(enrichment.status == .ok)
        #expect(enrichment.title == "Foundations of scientific method")
        #expect(enrichment.publishedDate == "1973")
        #expect(enrichment.categories == ["Science"])
        #expect(enrichment.pageCount == 306)
        #expect(enrichment.thumbnail?.hasPrefix("https://books.google.com/books/content?id=kdwPAQAAMAAJ") == true)
        #expect(enrichment.previewLink?.hasPrefix("http://books.google.no/books/reader?id=kdwPAQAAMAAJ") == true)
        // No description, so the single volume was asked for once; its 404 keeps the hit but not in the cache.
        #expect(server.requests.map(\.path).last == "/books/v1/volumes/kdwPAQAAMAAJ")
        #expect(server.requests.count == 3)
        #expect(EnrichCache(folder: cache, options: EnrichOptions()).read(book.key) == nil)
    }

    @Test(arguments: [("Catching Fire", "Suzanne Collins"), ("The Hunger Games", "Jane Doe")])
    func aTitleHitMustMatchTitleAndSurname(_ title: String, _ author: String) async throws {
        let server = try TestHTTPServer { _ in .json(Support.list(id: "x", title: title, authors: [author])) }
        defer { server.stop() }
        let book = BookLookup(key: "gr:1", title: "The Hunger Games", authors: ["Collins, Suzanne"])
        let result = await Enricher(options: Support.options(for: server)).enrich([book])
        #expect(result.enrichments["gr:1"]?.status == .notFound)
        #expect(server.requests.map { $0.query["q"] } == ["intitle:the hunger games inauthor:collins"])
    }

    @Test func aMissingDescriptionIsFetchedFromTheVolumeOnce() async throws {
        let detail = try Support.fixture("volume-get_kPbzR4LDkAkC.json")
        let server = try TestHTTPServer { request in
            request.path == "/books/v1/volumes/kPbzR4LDkAkC"
                ? .respond(status: 200, headers: [:], body: detail)
                : .json(Support.list(id: "kPbzR4LDkAkC", title: "Thermodynamics", authors: ["Alexis De Vos"]))
        }
        defer { server.stop() }
        let book = BookLookup(key: "9783527408412", isbn13: "9783527408412")
        let result = await Enricher(options: Support.options(for: server)).enrich([book])

        let enrichment = try #require(result.enrichments[book.key])
        #expect(enrichment.status == .ok)
        #expect(enrichment.title == "Thermodynamics of Solar Energy Conversion")
        #expect(enrichment.description?.hasPrefix("The physical framework") == true)
        #expect(enrichment.pageCount == 205)
        #expect(enrichment.thumbnail?.hasPrefix("https://") == true)
        #expect(enrichment.thumbnail?.contains("edge=curl") == false)
        #expect(server.requests.map(\.path) == ["/books/v1/volumes", "/books/v1/volumes/kPbzR4LDkAkC"])
        #expect(server.requests[1].query["fields"]?.hasPrefix("id,volumeInfo(") == true)
    }

    @Test func descriptionIsCleanedAndAJavascriptLinkDropped() async throws {
        let server = try TestHTTPServer { _ in
            .json(
                Support.list(
                    id: "v1", title: "T", authors: ["A"],
                    description: "<p>One&nbsp;<b>bold</b></p><script>alert('x')</script><p>Two &#39;quoted&#x27;</p>",
                    previewLink: "javascript:alert(document.cookie)", thumbnail: "javascript:void(0)"))
        }
        defer { server.stop() }
        let result = await Enricher(options: Support.options(for: server)).enrich([
            BookLookup(key: "k", isbn13: "9780000000002")
        ])
        let enrichment = try #require(result.enrichments["k"])
        #expect(enrichment.description == "One bold\n\nTwo 'quoted'")
        #expect(enrichment.previewLink == nil)
        #expect(enrichment.thumbnail == nil)
    }

    @Test func aJapaneseRecordKeepsItsFields() async throws {
        let hit = try Support.fixture("volumes_q-isbn-9784815602666_ja.json")
        let server = try TestHTTPServer { _ in .respond(status: 200, headers: [:], body: hit) }
        defer { server.stop() }
        let book = BookLookup(key: "9784815602666", isbn13: "9784815602666")
        let result = await Enricher(options: Support.options(for: server)).enrich([book, book])
        let enrichment = try #require(result.enrichments[book.key])
        #expect(enrichment.title == "宇宙の話をしよう")
        #expect(enrichment.authors == ["小野雅裕"])
        #expect(enrichment.publishedDate == "2020-11")
        #expect(enrichment.previewLink?.hasPrefix("http://play.google.com/books/reader?id=GjASzgEACAAJ") == true)
        // The ISBN-13 query hits and the duplicate is looked up once: one request.
        #expect(server.requests.count == 1)
        let query = try #require(server.requests.first?.query)
        #expect(query["printType"] == "books" && query["maxResults"] == "3" && query["country"] == "US")
        #expect(query["fields"]?.hasPrefix("totalItems,items(id,volumeInfo(") == true)
    }

    @Test func aRecordWithoutCoversOrDescriptionStillCounts() async throws {
        let hit = try Support.fixture("volumes_q-isbn-0521339057_no-imagelinks.json")
        let server = try TestHTTPServer { request in
            request.path == "/books/v1/volumes"
                ? .respond(status: 200, headers: [:], body: hit)
                : .json(#"{"id": "lGHCrQEACAAJ", "volumeInfo": {"pageCount": 346}}"#)
        }
        defer { server.stop() }
        let cache = try Support.temporaryFolder()
        let book = BookLookup(key: "9780521339056", isbn13: "9780521339056")
        let result = await Enricher(options: Support.options(for: server, cache: cache)).enrich([book])
        let enrichment = try #require(result.enrichments[book.key])
        #expect(enrichment.status == .ok)
        #expect(enrichment.title == "Low-dimensional Topology and Kleinian Groups")
        #expect(enrichment.authors.count == 4)
        #expect(enrichment.thumbnail == nil && enrichment.description == nil)
        #expect(enrichment.pageCount == 346)
        #expect(server.requests.count == 2)
        #expect(EnrichCache(folder: cache, options: EnrichOptions()).read(book.key) == enrichment)
    }

    @Test func aBookWithNothingToSearchByIsSkipped() async throws {
        let server = try TestHTTPServer { _ in .json(Support.notFound) }
        defer { server.stop() }
        let books = [BookLookup(key: "asin:B0"), BookLookup(key: "lt:7", title: "Emma")]
        let result = await Enricher(options: Support.options(for: server)).enrich(books)
        for book in books {
            #expect(result.enrichments[book.key]?.status == .skipped("no ISBN, nor title and author, to search by"))
        }
        #expect(server.requests.isEmpty)
    }
}
