import Foundation

/// The `enrichment` part of a joined run's `summary.json`, recomputed over
/// the distinct recommended books of all parts, as one run would count them.
struct EnrichmentMerge {
    let parts: [URL]
    let summaries: [RunSummary]
    /// The parts' tallies added up: one status per distinct picked book
    /// (a definite answer from any part wins, see `ClubTally`).
    let tally: ClubTally

    /// The summary and the notice for the pages.
    /// - Throws: `MergeError.unreadablePart` when a part has no `enrichment`.
    func merged() throws(MergeError) -> (summary: EnrichmentSummary, notice: String?) {
        var decoded: [EnrichmentSummary] = []
        for (part, summary) in zip(parts, summaries) {
            guard let enrichment = summary.enrichment else {
                throw .unreadablePart(path: part.path + "/summary.json", reason: "no enrichment summary")
            }
            decoded.append(enrichment)
        }
        let statuses = tally.picked.mapValues(\.status)
        let enabled = decoded.first?.enabled ?? false
        var summary = EnrichmentSummary(enabled: enabled, books: statuses.count)
        if enabled {
            var stats = EnrichStats()
            for part in decoded { if let partStats = part.stats { Self.addCounters(partStats, to: &stats) } }
            for case let status? in statuses.values {
                stats.count(status)
                if case .failed = status { summary.reasons[status.description, default: 0] += 1 }
                if case .skipped = status { summary.reasons[status.description, default: 0] += 1 }
            }
            summary.stats = stats
            for issue in decoded.flatMap(\.issues) where !summary.issues.contains(issue) {
                summary.issues.append(issue)
            }
        }
        var notice: String?
        if enabled, let stats = summary.stats {
            let offline = summaries.first?.settings.offline ?? false
            let why = EnrichStage.why(stats, offline: offline, missingKey: Self.missingKey(in: summary.issues))
            notice = EnrichStage(settings: EnrichSettings(), log: Log()).notice(summary, why: why)
        }
        return (summary, notice)
    }

    /// The variable named by a "no API key" issue, if one was raised.
    static func missingKey(in issues: [String]) -> String? {
        let prefix = EnrichError.noAPIKey(variable: "\u{0}").description.prefix { $0 != "\u{0}" }
        guard let issue = issues.first(where: { $0.hasPrefix(prefix) }) else { return nil }
        return String(issue.dropFirst(prefix.count).prefix { !$0.isWhitespace })
    }

    /// Adds the request counters of one part (not the per-book outcomes,
    /// which are recounted over distinct books).
    static func addCounters(_ part: EnrichStats, to total: inout EnrichStats) {
        total.requestsSent += part.requestsSent
        total.answersByStatus.merge(part.answersByStatus, uniquingKeysWith: +)
        total.transportFailures += part.transportFailures
        total.retries += part.retries
        total.limiterWaitSeconds += part.limiterWaitSeconds
        total.cacheHits += part.cacheHits
        total.cacheWriteFailures += part.cacheWriteFailures
        total.quotaExhausted = total.quotaExhausted || part.quotaExhausted
        total.unreachable = total.unreachable || part.unreachable
        total.requestCapReached = total.requestCapReached || part.requestCapReached
        total.quotaReason = total.quotaReason ?? part.quotaReason
        total.keyRejected = total.keyRejected || part.keyRejected
        total.keyReason = total.keyReason ?? part.keyReason
    }
}
