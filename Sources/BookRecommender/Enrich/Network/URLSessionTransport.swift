import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPTransport` over an ephemeral `URLSession`: no URL cache, no cookies,
/// a whole-second request timeout (FoundationNetworking truncates fractions).
struct URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let timeoutSeconds: Int

    /// - Parameter timeoutSeconds: per-request timeout; values below 1 become 1.
    init(timeoutSeconds: Int) {
        self.timeoutSeconds = max(1, timeoutSeconds)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.timeoutIntervalForRequest = TimeInterval(self.timeoutSeconds)
        configuration.httpAdditionalHeaders = ["User-Agent": "bookrec/\(BookRecommenderVersion.current)"]
        session = URLSession(configuration: configuration)
    }

    /// - Throws: `EnrichError.timeout`, `.connectionLost`, `.transport` or `.cancelled`;
    ///   the URL (which holds the key) is never part of the error.
    func get(_ url: URL, request name: String) async throws(EnrichError) -> HTTPResponse {
        var request = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: TimeInterval(timeoutSeconds))
        request.httpMethod = "GET"
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch let error as URLError {
            switch error.code {
            case .timedOut: throw .timeout(seconds: timeoutSeconds, request: name)
            case .networkConnectionLost, .badServerResponse, .zeroByteResource, .cannotParseResponse:
                throw .connectionLost(request: name)
            case .cancelled: throw .cancelled
            default: throw .transport(code: error.code.rawValue, request: name)
            }
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .transport(code: (error as NSError).code, request: name)
        }
        guard let http = response as? HTTPURLResponse else {
            throw .malformedResponse(request: name, detail: "not an HTTP answer")
        }
        var headers: [String: String] = [:]
        for (field, value) in http.allHeaderFields {
            if let field = field as? String, let value = value as? String {
                headers[field.lowercased()] = value
            }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }
}
