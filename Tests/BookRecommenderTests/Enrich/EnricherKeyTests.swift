import Foundation
import Testing

@testable import BookRecommender

/// A refused API key stops every further request of the run; any other 400 fails one lookup only.
@Suite struct EnricherKeyTests {
    typealias Support = EnrichTestSupport

    static let books = (0..<6).map { BookLookup(key: "b\($0)", title: "Title \($0)", authors: ["Author"]) }

    /// Key refusals in the shapes `../shared/reference/google-books-api.md` §7.2 records.
    static let refusals: [(Int, String)] = [
        (
            400,
            #"{"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com"}]}}"#
        ),
        (400, #"{"error": {"code": 400, "errors": [{"domain": "usageLimits", "reason": "keyInvalid"}]}}"#),
        (403, #"{"error": {"code": 403, "errors": [{"domain": "usageLimits", "reason": "accessNotConfigured"}]}}"#),
    ]

    @Test(arguments: refusals)
    func aRefusedKeyStopsTheRun(_ status: Int, _ body: String) async throws {
        let server = try TestHTTPServer { _ in .respond(status: status, headers: [:], body: Data(body.utf8)) }
        defer { server.stop() }
        var options = Support.options(for: server)
        options.maxInFlight = 1
        let result = await Enricher(options: options).enrich(Self.books)

        #expect(server.requests.count == 1)
        #expect(result.enrichments["b0"]?.status == .failed("API key rejected"))
        for book in Self.books.dropFirst() {
            #expect(result.enrichments[book.key]?.status == .skipped("API key rejected"))
        }
        #expect(result.stats.keyRejected && !result.stats.quotaExhausted)
        #expect(result.stats.retries == 0)
        #expect(result.stats.failed == 1 && result.stats.skipped == 5)
        #expect(result.stats.keyReason?.hasPrefix("HTTP \(status) ") == true)
        #expect(result.issues.count == 1)
        #expect(result.issues.first?.description.contains("rejected the API key") == true)
    }

    @Test func theKeyEchoedInTheMessageIsCutOut() async throws {
        let body =
            #"{"error": {"code": 400, "message": "API key \#(Support.apiKey) not valid.", "details": [{"reason": "API_KEY_INVALID"}]}}"#
        let server = try TestHTTPServer { _ in .json(body, status: 400) }
        defer { server.stop() }
        let result = await Enricher(options: Support.options(for: server)).enrich(Self.books)
        let reason = try #require(result.stats.keyReason)
        #expect(reason.contains("<redacted>") && !reason.contains(Support.apiKey))
        #expect(!result.issues.map(\.description).joined().contains(Support.apiKey))
    }

    @Test func anotherBadRequestFailsOnlyItsOwnLookup() async throws {
        let body =
            #"{"error": {"code": 400, "message": "Invalid field selection", "errors": [{"reason": "badRequest"}]}}"#
        let server = try TestHTTPServer { _ in .json(body, status: 400) }
        defer { server.stop() }
        let result = await Enricher(options: Support.options(for: server)).enrich(Self.books)
        #expect(server.requests.count == Self.books.count)
        #expect(!result.stats.keyRejected && result.stats.keyReason == nil)
        #expect(result.stats.failed == Self.books.count)
    }

    @Test func theReportsSayTheKeyWasRejected() {
        var stats = EnrichStats()
        stats.keyRejected = true
        stats.keyReason = "HTTP 400 API_KEY_INVALID: API key not valid."
        stats.quotaExhausted = true
        #expect(
            EnrichStage.why(stats, offline: false, missingKey: nil)
                == "Google Books rejected the API key: HTTP 400 API_KEY_INVALID: API key not valid.")
    }
}
