import Foundation
import Testing

@testable import BookRecommender

/// The daily quota stops every further request of the run.
@Suite struct EnricherQuotaTests {
    typealias Support = EnrichTestSupport

    static let books = (0..<6).map { BookLookup(key: "b\($0)", title: "Title \($0)", authors: ["Author"]) }

    static let dailyBodies: [(Int, String)] = [
        (429, "error_429_rateLimitExceeded_anonymous-daily-quota.json"),
        (403, #"{"error": {"code": 403, "errors": [{"domain": "usageLimits", "reason": "dailyLimitExceeded"}]}}"#),
        (400, #"{"error": {"code": 400, "details": [{"metadata": {"quota_limit": "defaultPerDayPerProject"}}]}}"#),
    ]

    @Test(arguments: dailyBodies)
    func aDailyQuotaAnswerStopsTheRun(_ status: Int, _ body: String) async throws {
        let data = body.hasSuffix(".json") ? try Support.fixture(body) : Data(body.utf8)
        let server = try TestHTTPServer { _ in .respond(status: status, headers: [:], body: data) }
        defer { server.stop() }
        var options = Support.options(for: server)
        options.maxInFlight = 1
        let result = await Enricher(options: options).enrich(Self.books)

        #expect(server.requests.count == 1)
        #expect(result.enrichments["b0"]?.status == .failed("daily quota exhausted"))
        for book in Self.books.dropFirst() {
            #expect(result.enrichments[book.key]?.status == .skipped("daily quota exhausted"))
        }
        #expect(result.stats.quotaExhausted)
        #expect(result.stats.failed == 1 && result.stats.skipped == 5)
        #expect(result.issues.count == 1)
        #expect(result.stats.quotaReason?.hasPrefix("HTTP \(status)") == true)
    }

    @Test func manyLookupsInFlightStillStopAtOnce() async throws {
        let data = try Support.fixture("error_429_rateLimitExceeded_anonymous-daily-quota.json")
        let server = try TestHTTPServer { _ in .respond(status: 429, headers: [:], body: data) }
        defer { server.stop() }
        let books = (0..<20).map { BookLookup(key: "b\($0)", isbn13: "978000000\(1000 + $0)") }
        let result = await Enricher(options: Support.options(for: server)).enrich(books)
        #expect(server.requests.count <= 4)
        #expect(result.stats.retries == 0)
        #expect(result.stats.quotaReason?.contains("per day") == true)
        #expect(result.stats.failed + result.stats.skipped == 20)
    }

    @Test func a429ThatOutlastsTheRetriesCountsAsTheQuota() async throws {
        let server = try TestHTTPServer { _ in .json(#"{"error": {"code": 429}}"#, status: 429) }
        defer { server.stop() }
        var options = Support.options(for: server)
        options.maxInFlight = 1
        options.maxRetries = 2
        let result = await Enricher(options: options).enrich(Self.books)
        #expect(server.requests.count == 3)
        #expect(result.stats.quotaReason == "HTTP 429 persisted after 3 attempts")
        #expect(result.enrichments["b5"]?.status == .skipped("daily quota exhausted"))
    }
}
