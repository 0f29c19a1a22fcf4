import Foundation

/// The enrichment settings of a run. Unset values keep `EnrichOptions`'
/// defaults, so each default is written in one place.
package struct EnrichSettings: Sendable, Equatable {
    /// False with `--no-enrich`.
    package var enabled = true
    /// `--offline`: use the cache only, send nothing.
    package var offline = false
    /// `--require-enrichment`: exit 75 when books went without enrichment.
    package var required = false
    /// `--google-books-url`: the API base; nil for Google's.
    package var baseURL: String?
    /// `--rate`: requests per second; nil for the default (1).
    package var rate: Double?
    /// `--max-retries` of 429, 5xx and timeouts; nil for the default (5).
    package var maxRetries: Int?
    /// `--country` for rights checks; nil for the default (US).
    package var country: String?
    /// The environment variable holding the API key.
    package var apiKeyVariable: String?
    /// The cache folder; nil means `OUT/cache/google-books`.
    package var cache: String?
    /// `--max-requests`: the most Google Books requests one run sends.
    package var maxRequests: Int?

    /// Lookups on, online, every client default.
    package init() {}

    /// The client options for a run writing to `out`.
    /// - Returns: nil when `baseURL` is not an http(s) URL.
    package func options(out: URL) -> EnrichOptions? {
        var options = EnrichOptions()
        if let baseURL {
            guard let url = URL(string: baseURL), ["http", "https"].contains(url.scheme ?? "") else { return nil }
            options.baseURL = url
        }
        if let rate { options.rate = rate }
        if let maxRetries { options.maxRetries = maxRetries }
        if let country { options.country = country }
        if let apiKeyVariable { options.apiKeyVariable = apiKeyVariable }
        options.offline = offline
        options.maxRequests = maxRequests
        options.cacheFolder =
            cache.map { URL(fileURLWithPath: $0) }
            ?? out.appendingPathComponent("cache").appendingPathComponent("google-books")
        return options
    }
}
