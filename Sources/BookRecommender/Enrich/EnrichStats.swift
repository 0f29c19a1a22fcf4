/// Counters of one enrich run, for the run summary. Never holds the API key.
struct EnrichStats: Sendable, Equatable, Codable {
    /// Requests handed to the transport, retries included.
    var requestsSent = 0
    /// Answers by HTTP status code (`"200": 12`).
    var answersByStatus: [String: Int] = [:]
    /// Requests that got no answer (timeout, dropped connection, other network error).
    var transportFailures = 0
    /// Requests sent again after a retryable failure.
    var retries = 0
    /// Seconds spent waiting for the rate limiter, summed over requests.
    var limiterWaitSeconds = 0.0
    /// Books answered from the cache.
    var cacheHits = 0
    /// Cache entries that could not be written (each also listed in the issues).
    var cacheWriteFailures = 0
    /// Books by outcome.
    var enriched = 0
    /// Books Google Books does not have.
    var notFound = 0
    /// Books whose lookup failed.
    var failed = 0
    /// Books not looked up (offline, no key, key refused, quota gone, nothing to search by).
    var skipped = 0
    /// Whether the daily quota stopped the run, and what said so.
    var quotaExhausted = false
    /// What said the quota is gone (status and message), when it is.
    var quotaReason: String?
    /// Whether Google Books refused the API key, which stopped the run.
    var keyRejected = false
    /// What refused it (status, reason and message), when it was.
    var keyReason: String?
    /// Whether repeated connection failures (no route, DNS, refused) stopped the run.
    var unreachable = false
    /// Whether the run's request cap (`EnrichOptions.maxRequests`) stopped it.
    var requestCapReached = false

    /// All counters at zero.
    init() {}

    mutating func count(_ status: EnrichmentStatus) {
        switch status {
        case .ok: enriched += 1
        case .notFound: notFound += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        }
    }
}
