import Foundation
import Testing

@testable import BookRecommender

/// The whole run (`JobRunner`) on the demo club against a loopback Google Books:
/// what a reader's report holds when lookups work, when the quota runs out
/// midway, and on the next night's run.
@Suite(.serialized) struct EnrichedRunTests {
    typealias Support = EnrichTestSupport

    static let club = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("input")

    /// Settings for the demo club aimed at `server`, with the key in a variable of this test's own.
    func settings(out: URL, server: TestHTTPServer) -> RunSettings {
        let variable = "BOOKREC_TEST_KEY_\(UUID().uuidString.replacingOccurrences(of: "-", with: "_"))"
        setenv(variable, Support.apiKey, 1)
        var settings = RunSettings()
        settings.inputs = [Self.club.appendingPathComponent("club").path]
        settings.catalog = Self.club.appendingPathComponent("catalog.csv").path
        settings.out = out.path
        settings.model.top = 3
        settings.enrich.baseURL = server.baseURL.absoluteString
        settings.enrich.apiKeyVariable = variable
        settings.enrich.rate = 200
        return settings
    }

    /// Answers every `isbn:` query with a volume whose description names the ISBN.
    static func volumes(quotaAfter: Int? = nil) -> @Sendable (TestHTTPServer.Request) -> TestHTTPServer.Reply {
        let served = Counter()
        return { request in
            if let quotaAfter, served.next() >= quotaAfter {
                return (try? Support.reply("error_429_rateLimitExceeded_anonymous-daily-quota.json", status: 429))
                    ?? .cut
            }
            let isbn = (request.query["q"] ?? "").replacingOccurrences(of: "isbn:", with: "")
            return .json(
                Support.list(
                    id: "v\(isbn)", title: "Book \(isbn)", authors: ["A. Writer"],
                    description: "<p>About <b>\(isbn)</b> &amp; more.</p>",
                    previewLink: "https://books.google.com/books?id=v\(isbn)",
                    thumbnail: "http://books.google.com/books/content?id=v\(isbn)&zoom=1&edge=curl"))
        }
    }

    /// The newest complete run in `out/runs/` (with `--require-enrichment` a
    /// run that missed details is kept there but does not become `latest`).
    func newestRun(in out: URL) throws -> URL {
        let runs = out.appendingPathComponent("runs")
        let names = try FileManager.default.contentsOfDirectory(atPath: runs.path).filter { !$0.hasPrefix(".") }
        return runs.appendingPathComponent(try #require(names.sorted().last))
    }

    func picks(in out: URL) throws -> [[String: Any]] {
        let users = try newestRun(in: out).appendingPathComponent("users")
        return try FileManager.default.contentsOfDirectory(atPath: users.path).filter { $0.hasSuffix(".json") }
            .flatMap { name -> [[String: Any]] in
                let data = try Data(contentsOf: users.appendingPathComponent(name))
                let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                return try #require(document["recommendations"] as? [[String: Any]])
            }
    }

    @Test func everyPickGetsItsDetailsAndTheNextRunAsksNothing() async throws {
        let server = try TestHTTPServer(route: Self.volumes())
        defer { server.stop() }
        let out = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let settings = settings(out: out, server: server)

        _ = try await JobRunner(settings: settings, log: Log(quiet: true)).run()
        let first = server.requests.count
        let picks = try picks(in: out)
        #expect(picks.count == 13 * 3)
        for pick in picks {
            #expect(pick["enrichment"] as? String == "ok")
            let description = try #require(pick["description"] as? String)
            #expect(!description.contains("<") && description.contains("&"))
            #expect((pick["thumbnail"] as? String)?.hasPrefix("https://") == true)
            #expect((pick["thumbnail"] as? String)?.contains("edge=curl") == false)
            #expect((pick["previewLink"] as? String)?.hasPrefix("https://books.google.com/") == true)
        }

        _ = try await JobRunner(settings: settings, log: Log(quiet: true)).run()
        #expect(server.requests.count == first, "the second run must be answered from the cache")
        #expect(try self.picks(in: out).allSatisfy { $0["enrichment"] as? String == "ok" })

        let written = FileManager.default.enumerator(atPath: out.path)?.allObjects as? [String] ?? []
        for file in written where !file.hasSuffix("/") {
            let text = (try? String(contentsOf: out.appendingPathComponent(file), encoding: .utf8)) ?? ""
            #expect(!text.contains(Support.apiKey), "\(file) holds the API key")
        }
    }

    @Test func aQuotaRunningOutMidwayStillWritesEveryReportAndSaysWhy() async throws {
        let server = try TestHTTPServer(route: Self.volumes(quotaAfter: 5))
        defer { server.stop() }
        let out = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        var settings = settings(out: out, server: server)
        settings.enrich.required = true

        await #expect(throws: RunError.self) {
            _ = try await JobRunner(settings: settings, log: Log(quiet: true)).run()
        }
        let picks = try picks(in: out)
        #expect(picks.count == 13 * 3)
        let statuses = Set(picks.compactMap { $0["enrichment"] as? String })
        #expect(statuses.contains("ok"))
        #expect(statuses.contains("skipped: daily quota exhausted"))
        #expect(server.requests.count <= 5 + 4, "at most the requests already in flight follow the quota answer")
        let index = try String(contentsOf: try newestRun(in: out).appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("the daily Google Books quota is used up"))
        let summary = try String(
            contentsOf: try newestRun(in: out).appendingPathComponent("summary.json"), encoding: .utf8)
        #expect(summary.contains("\"quotaExhausted\": true"))
    }

    /// A model trained on other ratings numbers its books differently from
    /// the run: each pick must still get its own book's details.
    @Test func withAModelFromOtherRatingsEveryPickGetsItsOwnBooksDetails() async throws {
        let server = try TestHTTPServer(route: Self.volumes())
        defer { server.stop() }
        let out = try Support.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let club = Self.club.appendingPathComponent("club")
        let lastWeek = ["alice.csv", "bruno.csv", "chen.csv", "members.csv"].map {
            InputFile(path: club.appendingPathComponent($0).path)
        }
        let catalog = InputFile(path: Self.club.appendingPathComponent("catalog.csv").path)
        let ingestor = Ingestor(format: nil, columns: nil, policy: .skip)
        let trained = try ingestor.ingest(lastWeek, catalogFile: catalog, rejects: RejectLog(streamingTo: nil))
        let model = try BookModel.fit(Ratings(data: trained.data, items: trained.items))
        let file = out.appendingPathComponent("last-week.bookrec")
        try model.write(to: file)
        let tonight = try ingestor.ingest(
            InputExpansion.files(for: [club.path]), catalogFile: catalog, rejects: RejectLog(streamingTo: nil))
        #expect(model.bookCount < tonight.data.itemCount)
        #expect(model.bookKeys != Array(tonight.data.itemKeys.prefix(model.bookCount)), "the numberings must differ")
        var settings = settings(out: out, server: server)
        settings.modelFile = file.path

        _ = try await JobRunner(settings: settings, log: Log(quiet: true)).run()
        let picks = try picks(in: out)
        #expect(picks.count == 13 * 3)
        let known = Set(model.bookKeys)
        var withISBN = 0
        for pick in picks {
            let item = try #require(pick["item"] as? String)
            #expect(known.contains(item), "\(item)")
            #expect(pick["enrichment"] as? String == "ok", "\(item)")
            guard let isbn = pick["isbn13"] as? String else { continue }
            withISBN += 1
            #expect(pick["previewLink"] as? String == "https://books.google.com/books?id=v\(isbn)", "\(item)")
            #expect((pick["description"] as? String)?.contains(isbn) == true, "\(item)")
        }
        #expect(withISBN > 0)
        #expect(server.requests.count == Set(picks.compactMap { $0["item"] as? String }).count)
    }
}

/// A thread-safe counter for a server route.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The count before this call.
    func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}
