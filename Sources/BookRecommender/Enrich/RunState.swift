/// State shared by every lookup of one run: the counters, the daily-quota stop,
/// run-level issues and the jitter source.
actor RunState {
    private(set) var stats = EnrichStats()
    private(set) var issues: [EnrichError] = []
    private var random: SeededRandom

    init(seed: UInt64?) {
        var system = SystemRandomNumberGenerator()
        random = SeededRandom(seed: seed ?? system.next())
    }

    /// The reason the run stopped for the day, once it has.
    var quotaReason: String? { stats.quotaReason }

    /// Stops all further requests of this run; the first reason is kept.
    func markQuotaExhausted(_ reason: String) {
        guard !stats.quotaExhausted else { return }
        stats.quotaExhausted = true
        stats.quotaReason = reason
        issues.append(.quotaExhausted(reason: reason))
    }

    /// A uniform value in `0..<1`.
    func jitter() -> Double { Double.random(in: 0..<1, using: &random) }

    func recordSent(waited: Double) {
        stats.requestsSent += 1
        stats.limiterWaitSeconds += waited
    }

    func recordAnswer(status: Int) { stats.answersByStatus[String(status), default: 0] += 1 }
    func recordTransportFailure() { stats.transportFailures += 1 }
    func recordRetry() { stats.retries += 1 }
    func recordCacheHit() { stats.cacheHits += 1 }
    func record(_ status: EnrichmentStatus) { stats.count(status) }

    func recordCacheWriteFailure(_ error: EnrichError) {
        stats.cacheWriteFailures += 1
        issues.append(error)
    }

    func recordIssue(_ error: EnrichError) { issues.append(error) }
}
