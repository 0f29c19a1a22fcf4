import Foundation
import Testing

@testable import BookRecommender

/// Fixtures, options and helpers shared by the enrich tests.
enum EnrichTestSupport {
    /// The key the tests configure; it must reach the server and nothing else.
    static let apiKey = "TEST-KEY-d41d8cd98f00b204"

    /// A recorded Google Books answer from `Fixtures/google-books/`.
    static func fixture(_ name: String) throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/google-books"))
        return try Data(contentsOf: url)
    }

    /// A fixture as a 200 (or `status`) reply.
    static func reply(_ name: String, status: Int = 200, headers: [String: String] = [:]) throws
        -> TestHTTPServer.Reply
    {
        .respond(status: status, headers: headers, body: try fixture(name))
    }

    /// Options aimed at `server`: fast pacing and backoff, 1 s timeout, the test key.
    static func options(for server: TestHTTPServer, cache: URL? = nil) -> EnrichOptions {
        var options = EnrichOptions()
        options.baseURL = server.baseURL
        options.environment = ["GOOGLE_BOOKS_API_KEY": apiKey]
        options.rate = 50
        options.burst = 5
        options.maxInFlight = 4
        options.maxRetries = 3
        options.backoffBase = 0.02
        options.backoffCap = 0.1
        options.timeoutSeconds = 1
        options.seed = 42
        options.cacheFolder = cache
        return options
    }

    /// A fresh empty folder under the temporary directory.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("bookrec-enrich-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A volume list holding one volume built from the given parts.
    static func list(
        id: String, title: String, authors: [String], description: String? = nil,
        previewLink: String? = nil, webReaderLink: String? = nil, thumbnail: String? = nil
    ) -> String {
        var info: [String: Any] = ["title": title, "authors": authors]
        info["description"] = description
        info["previewLink"] = previewLink
        if let thumbnail { info["imageLinks"] = ["thumbnail": thumbnail] }
        var volume: [String: Any] = ["id": id, "volumeInfo": info]
        if let webReaderLink { volume["accessInfo"] = ["webReaderLink": webReaderLink] }
        let data = try! JSONSerialization.data(withJSONObject: ["totalItems": 1, "items": [volume]])
        return String(decoding: data, as: UTF8.self)
    }

    /// The recorded not-found answer (`totalItems: 0`, no `items`).
    static let notFound: String = {
        let url = Bundle.module.url(
            forResource: "volumes_totalitems-0.json", withExtension: nil, subdirectory: "Fixtures/google-books")!
        return try! String(contentsOf: url, encoding: .utf8)
    }()
}
