/// Seconds since it was started (or last lapped), on the monotonic clock.
struct Stopwatch {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lapStart: ContinuousClock.Instant

    init() {
        start = clock.now
        lapStart = start
    }

    /// Seconds since the previous lap (or the start), rounded to milliseconds.
    mutating func lap() -> Double {
        let now = clock.now
        defer { lapStart = now }
        return Self.seconds(now - lapStart)
    }

    var total: Double { Self.seconds(clock.now - start) }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return ((Double(seconds) + Double(attoseconds) / 1e18) * 1000).rounded() / 1000
    }
}
