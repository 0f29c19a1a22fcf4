import Foundation

/// One HTTP answer.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields with lower-cased names.
    public var headers: [String: String]
    /// The body, already decompressed.
    public var body: Data

    /// An answer from its parts.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends one GET request: the only network seam of the enrich stage.
///
/// `URLSessionTransport` is the real one; it is also what the tests use, against
/// a loopback server.
public protocol HTTPTransport: Sendable {
    /// Fetches `url`. `request` names the request in errors (it never holds the key).
    /// - Throws: `EnrichError.timeout`, `.connectionLost`, `.transport` or `.cancelled`.
    func get(_ url: URL, request: String) async throws(EnrichError) -> HTTPResponse
}
