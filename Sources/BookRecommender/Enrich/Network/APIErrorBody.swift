import Foundation

/// The useful parts of a Google API error body, in either recorded shape:
/// the current one (`error.status`, `error.details[]` with quota metadata) or the
/// older one (`error.errors[]` only). Read leniently: any key may be missing or
/// of another type, and a body that is not JSON at all yields empty fields.
struct APIErrorBody: Sendable, Equatable {
    var code: Int?
    var message: String?
    var status: String?
    /// `error.errors[].reason` then `error.details[].reason`, in order.
    var reasons: [String] = []
    /// `error.details[].metadata.quota_limit` values.
    var quotaLimits: [String] = []

    /// Parses `data`; `key`, when given, is cut out of every string kept.
    init(data: Data, redacting key: String?) {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let error = root["error"] as? [String: Any]
        else { return }
        func clean(_ text: String?) -> String? {
            guard let text, let key, !key.isEmpty else { return text }
            return text.replacingOccurrences(of: key, with: "<redacted>")
        }
        code = error["code"] as? Int
        message = clean(error["message"] as? String)
        status = clean(error["status"] as? String)
        for item in error["errors"] as? [[String: Any]] ?? [] {
            if let reason = clean(item["reason"] as? String) { reasons.append(reason) }
        }
        for detail in error["details"] as? [[String: Any]] ?? [] {
            if let reason = clean(detail["reason"] as? String) { reasons.append(reason) }
            let metadata = detail["metadata"] as? [String: Any]
            if let limit = clean(metadata?["quota_limit"] as? String) { quotaLimits.append(limit) }
        }
    }

    /// True when the body says the per-day quota is used up, so retrying today cannot help.
    var isDailyQuota: Bool {
        reasons.contains("dailyLimitExceeded")
            || quotaLimits.contains { $0.contains("PerDay") }
            || (message?.lowercased().contains("per day") ?? false)
    }

    /// True when the body says the key itself is refused (invalid, or not allowed to
    /// use the Books API), so no request of this run can succeed.
    var rejectsKey: Bool {
        reasons.contains { Self.keyRejections.contains($0) }
    }

    /// `errors[].reason` (older bodies) and `details[].reason` (current ones) that
    /// refuse the key rather than the request; see `../shared/reference/google-books-api.md` §7.2.
    private static let keyRejections: Set<String> = [
        "keyInvalid", "API_KEY_INVALID", "accessNotConfigured", "SERVICE_DISABLED", "API_KEY_SERVICE_BLOCKED",
        "API_KEY_IP_ADDRESS_BLOCKED", "API_KEY_HTTP_REFERRER_BLOCKED",
    ]

    /// What the error says, for a failure reason: the first reason, else the status.
    var reason: String? { reasons.first ?? status }

    /// "HTTP 400 API_KEY_INVALID: API key not valid.": the answer's status, `reason`
    /// and `message` (the body's own, or what the caller puts in its place).
    func summary(status answer: Int, message: String?) -> String {
        (["HTTP \(answer)"] + (reason.map { [$0] } ?? [])).joined(separator: " ") + (message.map { ": " + $0 } ?? "")
    }
}
