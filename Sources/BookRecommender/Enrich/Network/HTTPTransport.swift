import Foundation

/// One HTTP answer.
struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code.
    var status: Int
    /// Header fields with lower-cased names.
    var headers: [String: String]
    /// The body, already decompressed.
    var body: Data

    /// An answer from its parts.
    init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends one GET request: the only network seam of the enrich stage.
///
/// `URLSessionTransport` is the real one; it is also what the tests use, against
/// a loopback server.
protocol HTTPTransport: Sendable {
    /// Fetches `url`. `request` names the request in errors (it never holds the key).
    /// - Throws: `EnrichError.timeout`, `.connectionLost`, `.transport` or `.cancelled`.
    func get(_ url: URL, request: String) async throws(EnrichError) -> HTTPResponse
}
