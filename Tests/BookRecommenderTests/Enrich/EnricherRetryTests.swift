import Foundation
import Testing

@testable import BookRecommender

/// Retries, timeouts, cut connections and error answers, seen from the server log.
@Suite struct EnricherRetryTests {
    typealias Support = EnrichTestSupport

    static let book = BookLookup(key: "9780439023481", isbn13: "9780439023481")
    static let hit = Support.list(id: "v", title: "T", authors: ["A"], description: "d")
    static let perMinute =
        #"{"error": {"code": 429, "message": "Quota exceeded for quota metric 'Queries' and limit "#
        + #"'Queries per minute'", "errors": [{"reason": "rateLimitExceeded"}], "status": "RESOURCE_EXHAUSTED"}}"#

    /// Answers `fault` to the first `failures` requests for a query, then a hit.
    static func server(failing failures: Int, with fault: TestHTTPServer.Reply) throws -> TestHTTPServer {
        try TestHTTPServer { request in request.attempt < failures ? fault : .json(hit) }
    }

    @Test func a429RetryAfterIsWaitedFor() async throws {
        let server = try Self.server(
            failing: 1, with: .json(Self.perMinute, status: 429, headers: ["Retry-After": "1"]))
        defer { server.stop() }
        let result = await Enricher(options: Support.options(for: server)).enrich([Self.book])

        #expect(result.enrichments[Self.book.key]?.status == .ok)
        let times = server.requests.map(\.time)
        try #require(times.count == 2)
        #expect(times[1] - times[0] >= 0.99)
        #expect(result.stats.retries == 1)
        #expect(result.stats.answersByStatus == ["429": 1, "200": 1])
    }

    @Test func a429RetryAfterDateIsWaitedFor() async throws {
        // Stamped when the 429 is sent, not when the test starts, so a slow start cannot
        // shorten the wait; whole seconds only: two seconds ahead is at least one second's wait.
        let server = try TestHTTPServer { request in
            guard request.attempt < 1 else { return .json(Self.hit) }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            let date = formatter.string(from: Date().addingTimeInterval(2))
            return .json(Self.perMinute, status: 429, headers: ["Retry-After": date])
        }
        defer { server.stop() }
        let result = await Enricher(options: Support.options(for: server)).enrich([Self.book])

        #expect(result.enrichments[Self.book.key]?.status == .ok)
        let times = server.requests.map(\.time)
        try #require(times.count == 2)
        #expect(times[1] - times[0] >= 0.99, "the 20-100 ms test backoff would have been used instead")
        #expect(result.stats.retries == 1)
    }

    /// The backoff's length is `RetryPolicy`'s (unit-tested in `EnrichHelpersTests`);
    /// here, that a per-minute 429 is retried and is not taken for the daily quota.
    @Test func a429WithoutRetryAfterIsRetried() async throws {
        let server = try Self.server(failing: 1, with: .json(Self.perMinute, status: 429))
        defer { server.stop() }
        let result = await Enricher(options: Support.options(for: server)).enrich([Self.book])

        #expect(result.enrichments[Self.book.key]?.status == .ok)
        let times = server.requests.map(\.time)
        try #require(times.count == 2)
        #expect(result.stats.retries == 1)
        #expect(result.stats.quotaExhausted == false)
    }

    @Test func aRetryAfterBeyondTheCapIsNotWaitedFor() async throws {
        let server = try TestHTTPServer { request in
            .json(
                #"{"error": {"code": 503}}"#, status: request.query["q"] == "intitle:a inauthor:x" ? 429 : 503,
                headers: ["Retry-After": "3600"])
        }
        defer { server.stop() }
        var options = Support.options(for: server)
        options.maxInFlight = 1
        let books = [
            Self.book, BookLookup(key: "a", title: "A", authors: ["X"]),
            BookLookup(key: "b", title: "B", authors: ["X"]),
        ]
        let result = await Enricher(options: options).enrich(books)
        #expect(server.requests.count == 2)
        #expect(result.enrichments[Self.book.key]?.status == .failed("HTTP 503 for isbn:9780439023481"))
        #expect(result.enrichments["a"]?.status == .failed("daily quota exhausted"))
        #expect(result.enrichments["b"]?.status == .skipped("daily quota exhausted"))
        #expect(result.stats.quotaReason == "HTTP 429 with Retry-After 3600 s")
    }

    @Test func a503BurstThenSuccess() async throws {
        let server = try Self.server(failing: 3, with: try Support.reply("error_503_backendFailed.json", status: 503))
        defer { server.stop() }
        let result = await Enricher(options: Support.options(for: server)).enrich([Self.book])
        #expect(result.enrichments[Self.book.key]?.status == .ok)
        #expect(server.requests.count == 4)
        #expect(result.stats.retries == 3)
        #expect(result.stats.answersByStatus == ["503": 3, "200": 1])
    }

    @Test func retriesStopAtTheLimit() async throws {
        let server = try Self.server(failing: .max, with: .json(#"{"error": {"code": 502}}"#, status: 502))
        defer { server.stop() }
        let result = await Enricher(options: Support.options(for: server)).enrich([Self.book])
        #expect(server.requests.count == 4)
        #expect(
            result.enrichments[Self.book.key]?.status
                == .failed("gave up after 4 attempts: HTTP 502 for isbn:9780439023481"))
        #expect(result.stats.failed == 1 && result.stats.quotaExhausted == false)
    }

    @Test(arguments: [400, 401, 403, 404])
    func clientErrorsAreNotRetried(_ status: Int) async throws {
        let server = try Self.server(
            failing: .max, with: try Support.reply("error_403_unknownLocation.json", status: status))
        defer { server.stop() }
        let result = await Enricher(options: Support.options(for: server)).enrich([Self.book])
        #expect(server.requests.count == 1)
        #expect(
            result.enrichments[Self.book.key]?.status
                == .failed(
                    "HTTP \(status) unknownLocation: Cannot determine user location for geographically restricted "
                        + "operation. for isbn:9780439023481"))
    }

    @Test func aSlowAnswerTimesOutAndIsRetried() async throws {
        let server = try Self.server(failing: 1, with: .delay(seconds: 2, then: .json(Self.hit)))
        defer { server.stop() }
        let result = await Enricher(options: Support.options(for: server)).enrich([Self.book])
        #expect(result.enrichments[Self.book.key]?.status == .ok)
        #expect(server.requests.count == 2)
        #expect(result.stats.transportFailures == 1 && result.stats.retries == 1)
        let times = server.requests.map(\.time)
        // The retry follows the 1 s timeout, not the 2 s answer (which would have been a success, unretried).
        #expect(times[1] - times[0] >= 0.99)
    }

    @Test func aCutConnectionIsRetried() async throws {
        let server = try Self.server(failing: 2, with: .cut)
        defer { server.stop() }
        let result = await Enricher(options: Support.options(for: server)).enrich([Self.book])
        #expect(result.enrichments[Self.book.key]?.status == .ok)
        #expect(server.requests.count == 3)
        #expect(result.stats.transportFailures == 2 && result.stats.retries == 2)
    }

    @Test func transportFailuresNameTheirKindButNotTheURL() async throws {
        let cut = try Self.server(failing: .max, with: .cut)
        let slow = try Self.server(failing: .max, with: .delay(seconds: 1.5, then: .json(Self.hit)))
        defer {
            cut.stop()
            slow.stop()
        }
        var options = Support.options(for: cut)
        options.maxRetries = 1
        let dropped = await Enricher(options: options).enrich([Self.book])
        options.baseURL = slow.baseURL
        options.maxRetries = 0
        let timedOut = await Enricher(options: options).enrich([Self.book])
        #expect(
            dropped.enrichments[Self.book.key]?.status
                == .failed("gave up after 2 attempts: connection closed without an answer for isbn:9780439023481"))
        #expect(
            timedOut.enrichments[Self.book.key]?.status
                == .failed("gave up after 1 attempt: no answer within 1 s for isbn:9780439023481"))
    }

    @Test(arguments: [
        (#"{"totalItems": 1, "items": [{"volumeInfo": "#, "The given data was not valid JSON."),
        (#"{"kind": "books#volumes"}"#, "missing \"totalItems\""),
        (#"{"totalItems": 1, "items": [{"volumeInfo": {}}]}"#, "missing \"id\""),
        ("[]", "unexpected value at the top level"),
        (#"{"totalItems": "1"}"#, "unexpected value at totalItems"),
    ])
    func malformedJSONFailsWithAReason(_ body: String, _ detail: String) async throws {
        let server = try TestHTTPServer { _ in .json(body) }
        defer { server.stop() }
        let result = await Enricher(options: Support.options(for: server)).enrich([Self.book])
        #expect(
            result.enrichments[Self.book.key]?.status == .failed("malformed answer for isbn:9780439023481: \(detail)"))
        #expect(server.requests.count == 1)
    }
}
