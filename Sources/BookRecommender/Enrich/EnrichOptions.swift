import Foundation

/// Settings of the enrich stage. The defaults are the production ones; tests
/// shrink the rates, backoffs and timeouts and point `baseURL` at a loopback server.
struct EnrichOptions: Sendable {
    /// The public Google Books endpoint.
    static let defaultBaseURL = URL(string: "https://www.googleapis.com/books/v1")!

    /// API root; `/volumes` and `/volumes/{id}` are appended.
    var baseURL = EnrichOptions.defaultBaseURL
    /// Environment variable holding the API key, sent as `key=`.
    var apiKeyVariable = "GOOGLE_BOOKS_API_KEY"
    /// Where the key is read from; the process environment unless a test replaces it.
    var environment = ProcessInfo.processInfo.environment
    /// Whether a missing key disables lookups (cache hits are still used).
    ///
    /// Decision: `true` by default. Google bills unkeyed calls to one shared
    /// anonymous project whose daily quota is exhausted, so they only fail and
    /// add load; with no key every uncached book is `skipped` with a reason that
    /// names the variable. Set `false` only for servers that need no key
    /// (the loopback test server, a local mirror).
    var requireKey = true
    /// Two-letter country sent as `country=`; without it Google answers 403
    /// `unknownLocation` to callers it cannot geolocate (data-centre IPs).
    var country = "US"
    /// Volumes asked for per search (`maxResults=`).
    var maxResults = 3
    /// Requests per second, shared by every lookup.
    var rate = 1.0
    /// Requests that may go out at once above the steady rate.
    var burst = 2
    /// Requests in flight at most.
    var maxInFlight = 4
    /// Retries per request after a 429, 5xx, timeout or dropped connection.
    var maxRetries = 5
    /// Backoff before retry n is uniform in `0...min(backoffCap, backoffBase * 2^n)` seconds.
    var backoffBase = 1.0
    /// The longest backoff, in seconds.
    var backoffCap = 30.0
    /// A `Retry-After` longer than this (seconds) is not waited for; the request fails instead.
    var maxRetryAfter = 120.0
    /// The most requests one run sends, retries included (`--max-requests`):
    /// a key's daily quota can then be shared by several jobs or shards.
    /// Books left over are skipped, not cached, and looked up by later runs.
    /// nil: no cap.
    var maxRequests: Int?
    /// Whole seconds per request.
    var timeoutSeconds = 10
    /// Cache folder; `nil` disables the cache.
    var cacheFolder: URL?
    /// How long `ok` entries are reused.
    var positiveTTL: TimeInterval = 30 * 86_400
    /// How long `not-found` entries are reused.
    var negativeTTL: TimeInterval = 7 * 86_400
    /// No network at all: cache hits are used, everything else is `skipped: offline`.
    var offline = false
    /// Seed for the backoff jitter; `nil` uses the system generator.
    var seed: UInt64?
    /// The clock used for cache ages.
    var now: @Sendable () -> Date = { Date() }

    /// The production defaults.
    init() {}

    /// The configured key, or `nil` when the variable is unset or blank.
    var apiKey: String? {
        guard let value = environment[apiKeyVariable]?.trimmingCharacters(in: .whitespacesAndNewlines),
            !value.isEmpty
        else { return nil }
        return value
    }
}
