import Foundation
import Testing

@testable import BookRecommender

/// SIGINT/SIGTERM cancel the run's task; the enrich stage must then start no
/// new lookup, end the ones in flight within seconds, and cache nothing half done.
@Suite struct EnrichCancellationTests {
    @Test func aCancelledEnrichStartsNothingNewAndEndsWithinSeconds() async throws {
        // Every answer takes 8 s: without cancellation 24 books at 4 in flight take 48 s.
        let server = try TestHTTPServer { _ in
            .delay(seconds: 8, then: .json(#"{"kind": "books#volumes", "totalItems": 0}"#))
        }
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("cancel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        var options = EnrichTestSupport.options(for: server, cache: cache)
        options.timeoutSeconds = 20
        options.maxRetries = 0
        let books = (0..<24).map { number in
            let isbn = "978000000" + String(format: "%04d", number)
            return BookLookup(key: isbn, isbn13: isbn, title: "Book \(number)", authors: ["A. Writer"])
        }

        let clock = ContinuousClock()
        let enricher = Enricher(options: options)
        let task = Task { await enricher.enrich(books) }
        let waitStart = clock.now
        while server.requests.isEmpty, clock.now - waitStart < .seconds(10) {
            try await Task.sleep(for: .milliseconds(20))
        }
        let cancelled = clock.now
        task.cancel()
        let result = await task.value
        // At worst a request the transport could not cancel runs out its 8 s answer,
        // and nothing after it is sent; without cancellation this takes 48 s. The
        // bound leaves room for a loaded machine and is still far below that.
        #expect(clock.now - cancelled < .seconds(30), "took \(clock.now - cancelled)")
        #expect(server.requests.count <= options.maxInFlight + options.burst)
        #expect(result.enrichments.count < books.count)
        #expect(result.enrichments.values.allSatisfy { $0.status != .ok && $0.status != .notFound })
        let cached = FileManager.default.enumerator(atPath: cache.path)?.allObjects.compactMap { $0 as? String } ?? []
        #expect(!cached.contains { $0.hasSuffix(".json") })
    }
}
