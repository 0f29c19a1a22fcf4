import Foundation
import Testing

@testable import BookRecommender

/// Pacing, the cache across runs, offline and key handling.
@Suite struct EnricherRunTests {
    typealias Support = EnrichTestSupport

    static let hit = Support.list(id: "v", title: "T", authors: ["A"], description: "d")

    @Test func noOneSecondWindowHoldsMoreThanRatePlusBurst() async throws {
        let server = try TestHTTPServer { _ in .json(Self.hit) }
        defer { server.stop() }
        var options = Support.options(for: server)
        options.rate = 20
        options.burst = 2
        let books = (0..<30).map { BookLookup(key: "b\($0)", isbn13: "97800000\(10000 + $0)") }
        let result = await Enricher(options: options).enrich(books)

        let times = server.requests.map(\.time).sorted()
        #expect(times.count == 30)
        let busiest = times.map { start in times.filter { $0 >= start && $0 < start + 1 }.count }.max() ?? 0
        #expect(busiest <= 22)
        // 2 at once, then 28 at (a little under) 20 per second: over 1.4 s, so the limiter held requests back.
        #expect((times.last ?? 0) - (times.first ?? 0) >= 1.3)
        #expect(result.stats.limiterWaitSeconds > 1)
        #expect(result.stats.enriched == 30)
    }

    @Test func defaultsAreTheProductionOnes() {
        let options = EnrichOptions()
        #expect(options.baseURL.absoluteString == "https://www.googleapis.com/books/v1")
        #expect(options.apiKeyVariable == "GOOGLE_BOOKS_API_KEY" && options.requireKey && options.country == "US")
        #expect(options.rate == 1 && options.burst == 2 && options.maxInFlight == 4)
        #expect(options.maxRetries == 5 && options.timeoutSeconds == 10 && !options.offline)
        #expect(options.positiveTTL > options.negativeTTL)
    }

    @Test func progressIsReportedOncePerDistinctBook() async throws {
        let server = try TestHTTPServer { _ in .json(Self.hit) }
        defer { server.stop() }
        let seen = ProgressLog()
        let books = ["a", "b", "a", "c"].map { BookLookup(key: $0, title: "T", authors: ["A"]) }
        _ = await Enricher(options: Support.options(for: server)).enrich(books) { event in
            seen.append(event)
        }
        let events = seen.events
        #expect(events.map(\.done) == [1, 2, 3])
        #expect(events.allSatisfy { $0.total == 3 && $0.status == .ok })
        #expect(Set(events.map(\.key)) == ["a", "b", "c"])
    }

    @Test func aSecondRunSendsNothing() async throws {
        let server = try TestHTTPServer { request in
            request.query["q"] == "isbn:9780439023481" ? .json(Self.hit) : .json(Support.notFound)
        }
        defer { server.stop() }
        let cache = try Support.temporaryFolder()
        let books = [
            BookLookup(key: "9780439023481", isbn13: "9780439023481"),
            BookLookup(key: "goodreads:42", title: "Nowhere", authors: ["N. Body"]),
        ]
        let options = Support.options(for: server, cache: cache)
        let first = await Enricher(options: options).enrich(books)
        let sent = server.requests.count
        let second = await Enricher(options: options).enrich(books)

        #expect(sent == 2)
        #expect(server.requests.count == sent)
        #expect(second.enrichments == first.enrichments)
        #expect(second.stats.cacheHits == 2 && second.stats.requestsSent == 0)
        #expect(first.enrichments["goodreads:42"]?.status == .notFound)
    }

    @Test func aNotFoundEntryExpiresBeforeAFoundOne() async throws {
        let server = try TestHTTPServer { request in
            request.query["q"]?.hasPrefix("isbn:978043") == true ? .json(Self.hit) : .json(Support.notFound)
        }
        defer { server.stop() }
        let cache = try Support.temporaryFolder()
        let books = [
            BookLookup(key: "9780439023481", isbn13: "9780439023481"),
            BookLookup(key: "9791032305690", isbn13: "9791032305690"),
        ]
        var options = Support.options(for: server, cache: cache)
        _ = await Enricher(options: options).enrich(books)
        let sent = server.requests.count
        options.now = { Date().addingTimeInterval(8 * 86_400) }
        let later = await Enricher(options: options).enrich(books)
        #expect(later.stats.cacheHits == 1)
        #expect(server.requests.count == sent + 1)
        #expect(server.requests.last?.query["q"] == "isbn:9791032305690")
    }

    @Test func offlineUsesTheCacheAndSendsNothing() async throws {
        let server = try TestHTTPServer { _ in .json(Self.hit) }
        defer { server.stop() }
        let cache = try Support.temporaryFolder()
        var options = Support.options(for: server, cache: cache)
        let cached = BookLookup(key: "9780439023481", isbn13: "9780439023481")
        _ = await Enricher(options: options).enrich([cached])
        options.offline = true
        let result = await Enricher(options: options).enrich([cached, BookLookup(key: "other", title: "X")])
        #expect(server.requests.count == 1)
        #expect(result.enrichments[cached.key]?.status == .ok)
        #expect(result.enrichments["other"]?.status == .skipped("offline"))
    }

    @Test func withoutAKeyNothingIsSentUnlessTheOptionsAllowIt() async throws {
        let server = try TestHTTPServer { _ in .json(Self.hit) }
        defer { server.stop() }
        var options = Support.options(for: server)
        options.environment = ["GOOGLE_BOOKS_API_KEY": "  "]
        let book = BookLookup(key: "9780439023481", isbn13: "9780439023481")
        let refused = await Enricher(options: options).enrich([book])
        #expect(server.requests.isEmpty)
        #expect(refused.enrichments[book.key]?.status == .skipped("no API key (set GOOGLE_BOOKS_API_KEY)"))
        #expect(refused.issues == [.noAPIKey(variable: "GOOGLE_BOOKS_API_KEY")])

        options.requireKey = false
        let allowed = await Enricher(options: options).enrich([book])
        #expect(allowed.enrichments[book.key]?.status == .ok)
        #expect(server.requests.count == 1 && server.requests[0].query["key"] == nil)
    }

    @Test func theKeyReachesTheServerAndNothingElse() async throws {
        let key = Support.apiKey
        let server = try TestHTTPServer { request in
            switch request.query["q"] {
            case "isbn:9780439023481": .json(Self.hit)
            case "isbn:9780000000002":
                .json(
                    #"{"error": {"code": 400, "message": "API key not valid: \#(key)", "status": "\#(key)"}}"#,
                    status: 400)
            case "isbn:9780000000019": .cut
            default: .json(Support.notFound)
            }
        }
        defer { server.stop() }
        let cache = try Support.temporaryFolder()
        let books = ["9780439023481", "9780000000002", "9780000000019", "9791032305690"].map {
            BookLookup(key: $0, isbn13: $0)
        }
        let result = await Enricher(options: Support.options(for: server, cache: cache)).enrich(books)

        #expect(!server.requests.isEmpty && server.requests.allSatisfy { $0.query["key"] == key })
        let stats = String(decoding: try JSONEncoder().encode(result.stats), as: UTF8.self)
        let statuses = String(decoding: try JSONEncoder().encode(result.enrichments), as: UTF8.self)
        let issues = result.issues.map(\.description).joined()
        #expect(statuses.contains("API key not valid: <redacted>"))
        var cacheText = ""
        for case let url as URL in FileManager.default.enumerator(at: cache, includingPropertiesForKeys: nil)! {
            if url.pathExtension == "json" { cacheText += try String(contentsOf: url, encoding: .utf8) }
        }
        #expect(cacheText.contains("9780439023481"))
        for text in [stats, statuses, issues, cacheText] { #expect(!text.contains(key)) }
    }
}

/// Collects progress events from the enricher's callback.
private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [EnrichProgress] = []

    var events: [EnrichProgress] { lock.withLock { stored } }

    func append(_ event: EnrichProgress) { lock.withLock { stored.append(event) } }
}
