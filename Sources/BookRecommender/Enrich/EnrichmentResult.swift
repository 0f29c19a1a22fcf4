/// Everything one enrich run produced.
public struct EnrichmentResult: Sendable, Equatable {
    /// One entry per distinct book key.
    public var enrichments: [String: Enrichment]
    /// Counters of the run.
    public var stats: EnrichStats
    /// Run-level problems, in the order they happened: no key, quota exhausted,
    /// cache entries that could not be written.
    public var issues: [EnrichError]

    /// Bundles the parts of a run result.
    public init(enrichments: [String: Enrichment], stats: EnrichStats, issues: [EnrichError]) {
        self.enrichments = enrichments
        self.stats = stats
        self.issues = issues
    }
}

/// Reported after each book is settled.
public struct EnrichProgress: Sendable, Equatable {
    /// Books settled so far, this one included.
    public var done: Int
    /// Distinct books in the run.
    public var total: Int
    /// The book just settled and how it ended.
    public var key: String
    public var status: EnrichmentStatus

    /// An event for book `key`.
    public init(done: Int, total: Int, key: String, status: EnrichmentStatus) {
        self.done = done
        self.total = total
        self.key = key
        self.status = status
    }
}
