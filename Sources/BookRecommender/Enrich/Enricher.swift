import Foundation

/// The enrich stage: looks up each distinct book on Google Books and returns
/// display-ready details, using the disk cache first.
///
/// Offline, or without an API key while `requireKey` is set, nothing is sent:
/// cache hits are still used and every other book is `skipped` with the reason.
struct Enricher: Sendable {
    /// The settings this enricher runs with.
    let options: EnrichOptions
    private let transport: any HTTPTransport

    /// - Parameters:
    ///   - options: the settings; `options.baseURL` picks the server.
    ///   - transport: the HTTP client; by default a `URLSessionTransport` with `options.timeoutSeconds`.
    init(options: EnrichOptions, transport: (any HTTPTransport)? = nil) {
        self.options = options
        self.transport = transport ?? URLSessionTransport(timeoutSeconds: options.timeoutSeconds)
    }

    /// Enriches `books` (duplicate keys are looked up once; the first one wins).
    /// Never throws: every book ends with a status, and run-level problems are
    /// listed in `EnrichmentResult.issues`.
    /// - Parameter progress: called once per distinct book as it is settled, one call at a time.
    func enrich(
        _ books: [BookLookup], progress: (@Sendable (EnrichProgress) -> Void)? = nil
    ) async -> EnrichmentResult {
        var seen = Set<String>()
        let unique = books.filter { seen.insert($0.key).inserted }
        let session = LookupSession(seed: options.seed, requestCap: options.maxRequests)
        let cache = options.cacheFolder.map { EnrichCache(folder: $0, options: options) }
        var enrichments: [String: Enrichment] = [:]
        var pending: [BookLookup] = []
        var done = 0

        func settle(_ key: String, _ enrichment: Enrichment) async {
            enrichments[key] = enrichment
            await session.record(enrichment.status)
            done += 1
            progress?(EnrichProgress(done: done, total: unique.count, key: key, status: enrichment.status))
        }

        for book in unique {
            if let hit = cache?.read(book.key) {
                await session.recordCacheHit()
                await settle(book.key, hit)
            } else {
                pending.append(book)
            }
        }

        let key = options.apiKey
        var skipReason: String?
        if options.offline {
            skipReason = "offline"
        } else if key == nil && options.requireKey {
            skipReason = "no API key (set \(options.apiKeyVariable))"
            if !pending.isEmpty { await session.recordIssue(.noAPIKey(variable: options.apiKeyVariable)) }
        }
        if let skipReason {
            for book in pending { await settle(book.key, Enrichment(status: .skipped(skipReason))) }
        } else {
            let client = BooksClient(
                options: options, key: key, transport: transport,
                limiter: RateLimiter(rate: options.rate, burst: options.burst, maxInFlight: options.maxInFlight),
                session: session, policy: RetryPolicy(options: options))
            let search = VolumeSearch(client: client)
            await withTaskGroup(of: (String, Enrichment, Bool).self) { group in
                var queue = pending[...]
                func startNext() {
                    // Once the run's task is cancelled (SIGINT/SIGTERM), no new lookup
                    // starts; those in flight end early (their sleeps throw).
                    guard !Task.isCancelled, let book = queue.popFirst() else { return }
                    group.addTask {
                        let (enrichment, cacheable) = await search.lookup(book)
                        return (book.key, enrichment, cacheable)
                    }
                }
                for _ in 0..<max(options.maxInFlight, 1) { startNext() }
                while let (bookKey, enrichment, cacheable) = await group.next() {
                    if cacheable, let cache {
                        do throws(EnrichError) {
                            try cache.write(enrichment, for: bookKey)
                        } catch {
                            await session.recordCacheWriteFailure(error)
                        }
                    }
                    await settle(bookKey, enrichment)
                    startNext()
                }
            }
        }
        return EnrichmentResult(enrichments: enrichments, stats: await session.stats, issues: await session.issues)
    }
}
