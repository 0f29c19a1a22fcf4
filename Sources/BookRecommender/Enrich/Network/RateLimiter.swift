/// Paces every request of a run: a token bucket (`rate` per second, `burst`
/// tokens at most) plus a cap on requests in flight.
///
/// A request first takes an in-flight slot, then a token, so requests queued
/// behind the cap cannot leave in a clump when slots free up. Tokens are
/// reserved in arrival order (the bucket may go negative; each caller sleeps
/// until its token has accrued), which keeps any window of `t` seconds at
/// `burst + rate * t` requests at most.
///
/// Tokens accrue at 95% of `rate`: a request reaches the server a variable
/// moment after it leaves (a new connection is slower than the next one), and
/// an exact schedule would let that jitter put `rate + burst + 1` requests
/// into one second as the server counts them. The margin absorbs about
/// 50 ms of such jitter at any rate.
actor RateLimiter {
    private static let margin = 0.95
    private let rate: Double
    private let capacity: Double
    private let maxInFlight: Int
    private let clock = ContinuousClock()
    private var tokens: Double
    private var lastRefill: ContinuousClock.Instant
    private var inFlight = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(rate: Double, burst: Int, maxInFlight: Int) {
        self.rate = max(rate, 0.001) * Self.margin
        capacity = Double(max(burst, 0))
        self.maxInFlight = max(maxInFlight, 1)
        tokens = capacity
        lastRefill = clock.now
    }

    /// Waits for an in-flight slot and a token; returns the seconds waited.
    /// Every call must be paired with `release()` once the answer is in.
    func acquire() async -> Double {
        let start = clock.now
        if inFlight < maxInFlight {
            inFlight += 1
        } else {
            await withCheckedContinuation { waiters.append($0) }
        }
        let now = clock.now
        tokens = min(capacity, tokens + seconds(now - lastRefill) * rate)
        lastRefill = now
        tokens -= 1
        if tokens < 0 {
            try? await clock.sleep(until: now.advanced(by: .seconds(-tokens / rate)))
        }
        return seconds(clock.now - start)
    }

    /// Frees the slot taken by `acquire()`, handing it to the longest waiter.
    func release() {
        if waiters.isEmpty {
            inFlight -= 1
        } else {
            waiters.removeFirst().resume()
        }
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
