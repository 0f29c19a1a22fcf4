import Foundation

/// The run's enrichment step: looks every distinct recommended book up on
/// Google Books (or explains why not), and words what went missing for the
/// reports and the summary.
struct EnrichStage {
    /// What the step produced.
    struct Outcome {
        var enrichments: [String: Enrichment]
        var summary: EnrichmentSummary
        /// A sentence for the top of every page when books went without details.
        var notice: String?
    }

    let settings: EnrichSettings
    let log: Log

    func run(_ books: [BookLookup], out: URL) async -> Outcome {
        guard settings.enabled else {
            let status = EnrichmentStatus.skipped(EnrichmentStatus.enrichmentOff)
            return Outcome(
                enrichments: Dictionary(books.map { ($0.key, Enrichment(status: status)) }) { first, _ in first },
                summary: EnrichmentSummary(enabled: false, books: books.count),
                notice: nil)
        }
        guard let options = settings.options(out: out) else {
            preconditionFailure("the base URL was validated when the settings were read")
        }
        log.info(
            "enrich", "start",
            ["books": String(books.count), "rate": "\(options.rate)", "offline": "\(options.offline)"])
        let progress = EnrichProgressLog(log: log)
        let result = await Enricher(options: options).enrich(books) { progress.update($0) }
        progress.finish()
        var summary = EnrichmentSummary(enabled: true, books: books.count, stats: result.stats)
        summary.issues = result.issues.map(\.description)
        for enrichment in result.enrichments.values {
            switch enrichment.status {
            case .ok, .notFound: continue
            case .failed, .skipped: summary.reasons[enrichment.status.description, default: 0] += 1
            }
        }
        for issue in summary.issues { log.warning("enrich", "issue", ["message": issue]) }
        let stats = result.stats
        log.info(
            "enrich", "done",
            [
                "enriched": String(stats.enriched), "notFound": String(stats.notFound), "failed": String(stats.failed),
                "skipped": String(stats.skipped), "requests": String(stats.requestsSent),
                "cacheHits": String(stats.cacheHits),
            ])
        let noKey = result.issues.contains { if case .noAPIKey = $0 { true } else { false } }
        let why = Self.why(result.stats, offline: options.offline, missingKey: noKey ? options.apiKeyVariable : nil)
        return Outcome(enrichments: result.enrichments, summary: summary, notice: notice(summary, why: why))
    }

    /// "Google Books: 12 of 40 recommended books could not be looked up (…)", or nil when all were.
    func notice(_ summary: EnrichmentSummary, why: String) -> String? {
        let missing = summary.withoutEnrichment
        guard missing > 0 else { return nil }
        let books = missing == 1 ? "book" : "books"
        return "Google Books: \(missing) of \(summary.books) recommended \(books) could not be looked up "
            + "(\(why)), so they are shown without description, cover or preview link. "
            + "The next run will try them again."
    }

    /// The one reason a reader needs: what stopped the whole run, else a count.
    /// - Parameter missingKey: the key's variable when the run had no API key.
    static func why(_ stats: EnrichStats, offline: Bool, missingKey: String?) -> String {
        if stats.unreachable { return "Google Books could not be reached" }
        if stats.keyRejected {
            return "Google Books rejected the API key" + (stats.keyReason.map { ": " + $0 } ?? "")
        }
        if stats.quotaExhausted { return "the daily Google Books quota is used up" }
        if stats.requestCapReached { return "the run's cap on Google Books requests was reached" }
        if offline { return "the run was offline" }
        if let missingKey { return "no API key: set \(missingKey)" }
        return "\(stats.failed) lookups failed; summary.json lists why"
    }
}
