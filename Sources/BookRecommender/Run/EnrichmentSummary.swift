/// The `enrichment` part of `summary.json`.
struct EnrichmentSummary: Codable {
    var enabled: Bool
    /// Distinct recommended books.
    var books: Int
    var stats: EnrichStats?
    /// Run-level problems (no API key, quota exhausted, cache not writable).
    var issues: [String] = []
    /// Books without enrichment, by status (`"failed: timeout": 3`).
    var reasons: [String: Int] = [:]

    var withoutEnrichment: Int { reasons.values.reduce(0, +) }

    /// Books without enrichment that later runs look up again (`EnrichmentStatus.waits`).
    var waiting: Int {
        reasons.reduce(0) { total, entry in total + (EnrichmentStatus(text: entry.key)?.waits == true ? entry.value : 0)
        }
    }

    enum CodingKeys: String, CodingKey { case enabled, books, stats, issues, reasons, withoutEnrichment, waiting }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(enabled, forKey: .enabled)
        try container.encode(books, forKey: .books)
        try container.encodeIfPresent(stats, forKey: .stats)
        try container.encode(issues, forKey: .issues)
        try container.encode(reasons, forKey: .reasons)
        try container.encode(withoutEnrichment, forKey: .withoutEnrichment)
        try container.encode(waiting, forKey: .waiting)
    }
}

// In an extension, so that the memberwise initializer stays.
extension EnrichmentSummary {
    /// Reads what `encode(to:)` wrote; the counts it derives are derived again.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        enabled = try container.decode(Bool.self, forKey: .enabled)
        books = try container.decode(Int.self, forKey: .books)
        stats = try container.decodeIfPresent(EnrichStats.self, forKey: .stats)
        issues = try container.decode([String].self, forKey: .issues)
        reasons = try container.decode([String: Int].self, forKey: .reasons)
    }
}
