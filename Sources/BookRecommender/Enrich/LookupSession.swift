/// State shared by every lookup of one run: the counters, the run-wide stop
/// (daily quota gone, key refused, or Google Books unreachable), run-level
/// issues and the jitter source.
actor LookupSession {
    /// Unreachable answers in a row (no HTTP answer between them) that stop the
    /// run: enough to rule out one bad connection, few enough that a machine
    /// without network does not spend a rate-limited second on every book.
    static let unreachableLimit = 3

    private(set) var stats = EnrichStats()
    private(set) var issues: [EnrichError] = []
    /// Why the run sends nothing more, once it does, as a short phrase for statuses.
    private(set) var stopReason: String?
    private var random: SeededRandom
    private var unreachableStreak = 0
    /// The most requests the run may send, retries included; nil for no cap.
    private let requestCap: Int?
    /// Requests admitted so far (see `admit`).
    private var admitted = 0

    init(seed: UInt64?, requestCap: Int? = nil) {
        var system = SystemRandomNumberGenerator()
        random = SeededRandom(seed: seed ?? system.next())
        self.requestCap = requestCap
    }

    /// Lets one more request go out, or says why none may: the run stopped,
    /// or it has sent as many as its cap allows (which stops it).
    func admit() -> String? {
        if let stopReason { return stopReason }
        if let requestCap, admitted >= requestCap {
            stats.requestCapReached = true
            stop("request cap of \(requestCap) reached", issue: .requestCapReached(cap: requestCap))
            return stopReason
        }
        admitted += 1
        return nil
    }

    /// Stops all further requests of this run; the first reason is kept.
    func markQuotaExhausted(_ reason: String) {
        guard !stats.quotaExhausted else { return }
        stats.quotaExhausted = true
        stats.quotaReason = reason
        stop("daily quota exhausted", issue: .quotaExhausted(reason: reason))
    }

    /// Stops all further requests of this run: every one would carry the same refused key.
    func markKeyRejected(_ reason: String) {
        guard !stats.keyRejected else { return }
        stats.keyRejected = true
        stats.keyReason = reason
        stop("API key rejected", issue: .keyRejected(reason: reason))
    }

    /// Sends nothing more; `phrase` is what skipped lookups say, unless an earlier stop said it first.
    private func stop(_ phrase: String, issue: EnrichError) {
        stopReason = stopReason ?? phrase
        issues.append(issue)
    }

    /// A uniform value in `0..<1`.
    func jitter() -> Double { Double.random(in: 0..<1, using: &random) }

    func recordSent(waited: Double) {
        stats.requestsSent += 1
        stats.limiterWaitSeconds += waited
    }

    func recordAnswer(status: Int) {
        stats.answersByStatus[String(status), default: 0] += 1
        unreachableStreak = 0
    }

    /// Counts a request that got no answer; `unreachableLimit` unreachable
    /// ones in a row stop the run.
    func recordTransportFailure(_ error: EnrichError) {
        stats.transportFailures += 1
        guard error.isUnreachable else { return }
        unreachableStreak += 1
        guard unreachableStreak >= Self.unreachableLimit, !stats.unreachable else { return }
        stats.unreachable = true
        stop("Google Books cannot be reached", issue: .unreachable(last: error.description))
    }
    func recordRetry() { stats.retries += 1 }
    func recordCacheHit() { stats.cacheHits += 1 }
    func record(_ status: EnrichmentStatus) { stats.count(status) }

    func recordCacheWriteFailure(_ error: EnrichError) {
        stats.cacheWriteFailures += 1
        issues.append(error)
    }

    func recordIssue(_ error: EnrichError) { issues.append(error) }
}
