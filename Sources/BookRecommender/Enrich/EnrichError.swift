/// Why a lookup (or the whole enrich stage) could not do its work.
///
/// No case ever carries the API key or a URL holding it: requests are named by
/// their query (`isbn:9780439023481`) or volume id only.
indirect enum EnrichError: Error, CustomStringConvertible, Equatable, Sendable {
    /// No API key is configured and the options require one.
    case noAPIKey(variable: String)
    /// The server answered with an error status that is not retried (or no retries were left).
    case http(status: Int, reason: String?, message: String?, request: String)
    /// The per-day quota is used up; nothing more is sent in this run.
    case quotaExhausted(reason: String)
    /// Google Books refused the API key (invalid, or not allowed the Books API); nothing more is sent in this run.
    case keyRejected(reason: String)
    /// The request was not sent because the run stopped (quota gone, key refused, Google Books unreachable).
    case runStopped(reason: String)
    /// The run sent as many requests as its cap allows (`maxRequests`); nothing more is sent in this run.
    case requestCapReached(cap: Int)
    /// Connections kept failing before any answer; `last` is the final failure.
    case unreachable(last: String)
    /// No answer within the request timeout.
    case timeout(seconds: Int, request: String)
    /// The connection closed before a complete answer arrived.
    case connectionLost(request: String)
    /// Any other transport failure, by its URLError code.
    case transport(code: Int, request: String)
    /// A 200 answer whose body is not the JSON the API documents.
    case malformedResponse(request: String, detail: String)
    /// Retryable failures continued past the retry budget; `last` is the final one.
    case retriesExhausted(attempts: Int, last: EnrichError)
    /// The lookup task was cancelled.
    case cancelled
    /// A cache entry could not be written (the lookup result itself is still used).
    case cacheWriteFailed(path: String, reason: String)

    /// One line for logs and `failed:` statuses; never holds the key.
    var description: String {
        switch self {
        case .noAPIKey(let variable):
            "no Google Books API key: set \(variable) (unkeyed calls share an exhausted anonymous quota)"
        case .http(let status, let reason, let message, let request):
            "HTTP \(status)" + (reason.map { " \($0)" } ?? "") + (message.map { ": \($0)" } ?? "")
                + " for \(request)"
        case .quotaExhausted(let reason): "daily quota exhausted (\(reason))"
        case .keyRejected(let reason): "Google Books rejected the API key (\(reason)); no more lookups this run"
        case .runStopped(let reason): "not sent: \(reason)"
        case .requestCapReached(let cap):
            "the run's cap of \(cap) Google Books requests is reached (maxRequests); later runs continue"
        case .unreachable(let last):
            "Google Books cannot be reached (\(last)); no more lookups this run"
        case .timeout(let seconds, let request): "no answer within \(seconds) s for \(request)"
        case .connectionLost(let request): "connection closed without an answer for \(request)"
        case .transport(let code, let request): "network error \(code) for \(request)"
        case .malformedResponse(let request, let detail): "malformed answer for \(request): \(detail)"
        case .retriesExhausted(let attempts, let last):
            "gave up after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(last)"
        case .cancelled: "cancelled"
        case .cacheWriteFailed(let path, let reason): "cannot write cache entry \(path): \(reason)"
        }
    }

    /// True when the host could not be reached at all: name lookup failed, no
    /// route, connection refused (URLError codes -1003, -1004, -1006, -1009).
    var isUnreachable: Bool {
        guard case .transport(let code, _) = self else { return false }
        return [-1003, -1004, -1006, -1009].contains(code)
    }

    /// True for failures worth sending the request again: timeouts and dropped connections.
    var isRetryableTransportFailure: Bool {
        switch self {
        case .timeout, .connectionLost: true
        default: false
        }
    }
}
