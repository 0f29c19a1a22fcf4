import Foundation
import Testing

@testable import BookRecommender

@Suite struct EnricherUnreachableTests {
    typealias Support = EnrichTestSupport

    /// Ten books aimed at a port nobody listens on (a server started and stopped).
    @Test func refusedConnectionsStopTheRunAfterThreeTries() async throws {
        let server = try TestHTTPServer { _ in .respond(status: 200, headers: [:], body: Data()) }
        var options = Support.options(for: server)
        server.stop()
        options.maxInFlight = 1
        let books = (0..<10).map { BookLookup(key: "978000000000\($0)", isbn13: "978000000000\($0)") }

        let result = await Enricher(options: options).enrich(books)

        #expect(result.stats.unreachable)
        #expect(result.stats.requestsSent == LookupSession.unreachableLimit)
        #expect(result.stats.answersByStatus.isEmpty)
        let statuses = books.compactMap { result.enrichments[$0.key]?.status }
        #expect(statuses.count == 10)
        #expect(statuses.filter { $0 == .skipped("Google Books cannot be reached") }.count == 10 - 3)
        #expect(result.issues.contains { if case .unreachable = $0 { true } else { false } })
        #expect(!result.issues.description.contains(Support.apiKey))
    }

    @Test func anAnswerBetweenFailuresKeepsTheRunGoing() async throws {
        let server = try TestHTTPServer { _ in
            .respond(status: 200, headers: [:], body: Data(#"{"totalItems": 0}"#.utf8))
        }
        defer { server.stop() }
        let books = (0..<5).map { BookLookup(key: "978000000000\($0)", isbn13: "978000000000\($0)") }
        let result = await Enricher(options: Support.options(for: server)).enrich(books)
        #expect(!result.stats.unreachable)
        #expect(books.allSatisfy { result.enrichments[$0.key]?.status == .notFound })
    }
}
