import Foundation
import Testing

@testable import BookRecommender

@Suite struct EnrichCacheTests {
    typealias Support = EnrichTestSupport

    static func cache(in folder: URL, at date: Date) -> EnrichCache {
        var options = EnrichOptions()
        options.now = { date }
        return EnrichCache(folder: folder, options: options)
    }

    @Test func entriesExpireByKind() throws {
        let folder = try Support.temporaryFolder()
        let start = Date()
        let writer = Self.cache(in: folder, at: start)
        try writer.write(Enrichment(status: .ok, title: "T"), for: "a")
        try writer.write(Enrichment(status: .notFound), for: "b")
        try writer.write(Enrichment(status: .failed("HTTP 500")), for: "c")
        try writer.write(Enrichment(status: .skipped("offline")), for: "d")

        let soon = Self.cache(in: folder, at: start.addingTimeInterval(86_400))
        #expect(soon.read("a")?.title == "T" && soon.read("b")?.status == .notFound)
        #expect(soon.read("c") == nil && soon.read("d") == nil)
        let week = Self.cache(in: folder, at: start.addingTimeInterval(8 * 86_400))
        #expect(week.read("a") != nil && week.read("b") == nil)
        #expect(Self.cache(in: folder, at: start.addingTimeInterval(31 * 86_400)).read("a") == nil)
    }

    @Test func keysBecomeSafeDistinctFileNames() throws {
        let cache = Self.cache(in: URL(fileURLWithPath: "/c"), at: Date())
        let url = cache.fileURL(for: "goodreads:12/../x")
        #expect(url.lastPathComponent == "goodreads%3A12%2F..%2Fx.json")
        #expect(url.deletingLastPathComponent().deletingLastPathComponent().path == "/c")
        #expect(cache.fileURL(for: "a:b") != cache.fileURL(for: "a%3Ab"))
        #expect(cache.fileURL(for: ".hidden").lastPathComponent == "%2Ehidden.json")
        #expect(cache.fileURL(for: String(repeating: "é", count: 200)).lastPathComponent.utf8.count < 255)
    }

    @Test(arguments: ["", "{", "null", #"{"version": 1, "key": "other", "storedAt": "2020-01-01T00:00:00Z"}"#])
    func aCorruptEntryIsAMissAndIsReplaced(_ content: String) async throws {
        let folder = try Support.temporaryFolder()
        let server = try TestHTTPServer { _ in
            .json(Support.list(id: "v", title: "T", authors: ["A"], description: "d"))
        }
        defer { server.stop() }
        let book = BookLookup(key: "9780439023481", isbn13: "9780439023481")
        let file = Self.cache(in: folder, at: Date()).fileURL(for: book.key)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: file)

        let result = await Enricher(options: Support.options(for: server, cache: folder)).enrich([book])
        #expect(result.enrichments[book.key]?.status == .ok)
        #expect(server.requests.count == 1)
        #expect(Self.cache(in: folder, at: Date()).read(book.key)?.volumeID == "v")
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names == [file.lastPathComponent])
    }

    @Test func anUnwritableFolderIsReportedNotFatal() async throws {
        let folder = try Support.temporaryFolder()
        let blocker = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let server = try TestHTTPServer { _ in .json(Support.notFound) }
        defer { server.stop() }
        let result = await Enricher(options: Support.options(for: server, cache: blocker)).enrich([
            BookLookup(key: "k", isbn13: "9791032305690")
        ])
        #expect(result.enrichments["k"]?.status == .notFound)
        #expect(result.stats.cacheWriteFailures == 1)
        #expect(result.issues.count == 1)
    }
}
