import Foundation

/// When and how long to wait before sending a failed request again.
struct RetryPolicy: Sendable {
    var maxRetries: Int
    var base: Double
    var cap: Double
    var maxRetryAfter: Double

    /// Statuses that may succeed on a later try. 400, 401, 403 and 404 never do.
    static let retryableStatuses: Set<Int> = [429, 500, 502, 503, 504]

    init(options: EnrichOptions) {
        maxRetries = max(options.maxRetries, 0)
        base = max(options.backoffBase, 0)
        cap = max(options.backoffCap, 0)
        maxRetryAfter = options.maxRetryAfter
    }

    /// Full jitter: `jitter` (in `0..<1`) times `min(cap, base * 2^attempt)`.
    func backoff(attempt: Int, jitter: Double) -> Double {
        jitter * min(cap, base * pow(2, Double(min(attempt, 30))))
    }

    /// The delay a `Retry-After` header asks for, in seconds: its delta-seconds,
    /// or the time from `now` to its HTTP-date (0 for a date already past);
    /// `nil` when absent or unreadable (then the backoff applies).
    static func retryAfterSeconds(_ header: String?, now: Date = Date()) -> Double? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.allSatisfy({ $0.isASCII && $0.isNumber }) { return Int(text).map(Double.init) }
        guard let date = httpDate(text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// An HTTP-date in any of the three forms RFC 9110 §5.6.7 asks recipients to
    /// read: IMF-fixdate, the obsolete RFC 850 form and asctime's.
    private static func httpDate(_ text: String) -> Date? {
        let collapsed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: collapsed) { return date }
        }
        return nil
    }
}
