import Foundation
import Testing

@testable import BookRecommender

/// The quota spent where readers look: lookups ordered by how many members
/// see a book and how high, a run's request cap, and later runs continuing.
@Suite struct EnricherRequestCapTests {
    typealias Support = EnrichTestSupport

    static let books = (0..<6).map { BookLookup(key: "b\($0)", title: "Title \($0)", authors: ["Author"]) }

    @Test func theCapStopsTheRunAndTheNextRunContinuesFromTheCache() async throws {
        let reply = try Support.reply("volumes_totalitems-0.json")
        let server = try TestHTTPServer { _ in reply }
        defer { server.stop() }
        let cache = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        var options = Support.options(for: server, cache: cache)
        options.maxInFlight = 1
        options.maxRequests = 4

        let first = await Enricher(options: options).enrich(Self.books)
        #expect(server.requests.count == 4)
        #expect(first.stats.requestCapReached)
        for book in Self.books.prefix(4) { #expect(first.enrichments[book.key]?.status == .notFound) }
        for book in Self.books.suffix(2) {
            let status = try #require(first.enrichments[book.key]?.status)
            #expect(status == .skipped("request cap of 4 reached"))
            #expect(status.waits)
        }
        #expect(first.issues == [.requestCapReached(cap: 4)])

        let second = await Enricher(options: options).enrich(Self.books)
        #expect(server.requests.count == 6)
        #expect(!second.stats.requestCapReached)
        #expect(Self.books.allSatisfy { second.enrichments[$0.key]?.status == .notFound })
    }

    @Test func waitingCountsOnlyWhatALaterRunWouldLookUp() {
        #expect(EnrichmentStatus.failed("HTTP 500").waits)
        #expect(EnrichmentStatus.skipped("daily quota exhausted").waits)
        #expect(!EnrichmentStatus.skipped(EnrichmentStatus.enrichmentOff).waits)
        #expect(!EnrichmentStatus.skipped(EnrichmentStatus.nothingToSearchBy).waits)
        #expect(!EnrichmentStatus.ok.waits)
        #expect(!EnrichmentStatus.notFound.waits)
    }

    @Test func lookupsGoByMembersThenBestRankThenKey() {
        let keys = ["k0", "k1", "k2", "k3", "k4"]
        let books = BookTable(
            keys: keys, infos: keys.map { ItemInfo(title: $0) }, keyRank: [0, 1, 2, 3, 4],
            itemAtRank: [0, 1, 2, 3, 4])
        let assembler = PickAssembler(data: RatingData(), items: [], books: books)
        func list(_ items: [Int32]) -> [Recommendation] {
            items.map { Recommendation(item: $0, score: 1, because: [], fallback: false) }
        }
        // k3: 3 members; k1 and k4: 2 members, k4 best at rank 1, k1 at rank 2;
        // k0 and k2: 1 member at rank 1, so key order.
        let lists = [list([4, 3, 1]), list([3, 4]), list([2, 1, 3]), list([0])]
        #expect(assembler.lookups(for: lists).map(\.key) == ["k3", "k4", "k1", "k0", "k2"])
    }
}
