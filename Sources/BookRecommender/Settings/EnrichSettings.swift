import Foundation

/// The enrichment settings of a run. Unset values keep `EnrichOptions`'
/// defaults, so each default is written in one place.
struct EnrichSettings: Sendable, Equatable {
    /// False with `--no-enrich`.
    var enabled = true
    /// `--offline`: use the cache only, send nothing.
    var offline = false
    /// `--require-enrichment`: exit 75 when books went without enrichment.
    var required = false
    /// `--google-books-url`: the API base; nil for Google's.
    var baseURL: String?
    /// `--rate`: requests per second; nil for the default (1).
    var rate: Double?
    /// `--max-retries` of 429, 5xx and timeouts; nil for the default (5).
    var maxRetries: Int?
    /// `--country` for rights checks; nil for the default (US).
    var country: String?
    /// The environment variable holding the API key.
    var apiKeyVariable: String?
    /// The cache folder; nil means `OUT/cache/google-books`.
    var cache: String?
    /// `--max-requests`: the most Google Books requests one run sends.
    var maxRequests: Int?

    /// Lookups on, online, every client default.
    init() {}

    /// The client options for a run writing to `out`.
    /// - Returns: nil when `baseURL` is not an http(s) URL.
    func options(out: URL) -> EnrichOptions? {
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
