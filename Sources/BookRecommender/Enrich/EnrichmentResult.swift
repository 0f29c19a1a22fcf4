/// Everything one enrich run produced.
struct EnrichmentResult: Sendable, Equatable {
    /// One entry per distinct book key.
    var enrichments: [String: Enrichment]
    /// Counters of the run.
    var stats: EnrichStats
    /// Run-level problems, in the order they happened: no key, quota exhausted,
    /// cache entries that could not be written.
    var issues: [EnrichError]

    /// Bundles the parts of a run result.
    init(enrichments: [String: Enrichment], stats: EnrichStats, issues: [EnrichError]) {
        self.enrichments = enrichments
        self.stats = stats
        self.issues = issues
    }
}

/// Reported after each book is settled.
struct EnrichProgress: Sendable, Equatable {
    /// Books settled so far, this one included.
    var done: Int
    /// Distinct books in the run.
    var total: Int
    /// The book just settled and how it ended.
    var key: String
    var status: EnrichmentStatus

    /// An event for book `key`.
    init(done: Int, total: Int, key: String, status: EnrichmentStatus) {
        self.done = done
        self.total = total
        self.key = key
        self.status = status
    }
}
