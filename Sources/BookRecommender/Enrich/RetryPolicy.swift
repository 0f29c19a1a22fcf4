import Foundation

/// When and how long to wait before sending a failed request again.
struct RetryPolicy: Sendable {
    var maxRetries: Int
    var base: Double
    var cap: Double
    var maxRetryAfter: Double

    /// Statuses that may succeed on a later try. 400, 401, 403 and 404 never do.
    static let retryableStatuses: Set<Int> = [429, 500, 502, 503, 504]

    init(options: EnrichOptions) {
        maxRetries = max(options.maxRetries, 0)
        base = max(options.backoffBase, 0)
        cap = max(options.backoffCap, 0)
        maxRetryAfter = options.maxRetryAfter
    }

    /// Full jitter: `jitter` (in `0..<1`) times `min(cap, base * 2^attempt)`.
    func backoff(attempt: Int, jitter: Double) -> Double {
        jitter * min(cap, base * pow(2, Double(min(attempt, 30))))
    }

    /// The delay of a `Retry-After` header in delta-seconds form; `nil` when absent
    /// or in the HTTP-date form (then the backoff applies).
    static func retryAfterSeconds(_ header: String?) -> Double? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), let seconds = Int(text), seconds >= 0 else {
            return nil
        }
        return Double(seconds)
    }
}
