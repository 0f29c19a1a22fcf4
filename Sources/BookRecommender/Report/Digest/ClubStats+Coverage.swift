extension ClubStats {
    /// Enrichment coverage of the distinct recommended books, counted from the
    /// picks' statuses (one per book, see `ClubTally.Picked.status`). Matches `summary.json`: `books` is
    /// `enrichment.books`, `enriched` is `enrichment.stats.enriched`.
    struct Coverage: Sendable, Equatable {
        /// Distinct recommended books.
        var books = 0
        /// Books Google Books described (status `ok`).
        var enriched = 0
        /// Books Google Books does not know.
        var notFound = 0
        /// Books whose lookup failed.
        var failed = 0
        /// Books not looked up (enrichment off, offline, no key, quota gone).
        var skipped = 0
        /// False when the run had no enrichment stage at all (every pick's
        /// `enrichment` is nil).
        var stageRan = false
        /// The most frequent status among the failed and skipped books (`skipped: …`).
        var mainReason: String?
        /// Books a later run looks up again (`EnrichmentStatus.waits`).
        var waiting = 0

        /// Counts the distinct picked books of `tally` by their status.
        init(tally: ClubTally) {
            books = tally.picked.count
            var reasons: [String: Int] = [:]
            for case let status? in tally.picked.values.map(\.status) {
                stageRan = true
                if status.waits { waiting += 1 }
                switch status {
                case .ok: enriched += 1
                case .notFound: notFound += 1
                case .failed:
                    failed += 1
                    reasons[status.description, default: 0] += 1
                case .skipped:
                    skipped += 1
                    reasons[status.description, default: 0] += 1
                }
            }
            mainReason = reasons.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
        }

        /// Books without a description for want of an answer: `failed + skipped`.
        var missing: Int { failed + skipped }

        /// One line for the digest: "Google Books described 12 of 20
        /// recommended books; 3 unknown to it, 5 not looked up (main reason:
        /// …). 5 books still wait for a description; later runs continue
        /// where this one stopped." (Lookups go most-seen books first, and
        /// answers are cached, so each run picks up the books still waiting.)
        var sentence: String {
            guard stageRan else { return "Google Books was not asked about the \(books) recommended books." }
            var parts: [String] = []
            if notFound > 0 { parts.append("\(notFound) unknown to it") }
            if failed > 0 { parts.append(IndexHTMLReport.count(failed, "failed lookup")) }
            if skipped > 0 { parts.append("\(skipped) not looked up") }
            var detail = parts.isEmpty ? "" : "; " + parts.joined(separator: ", ")
            if let mainReason { detail += " (main reason: \(mainReason))" }
            var sentence = "Google Books described \(enriched) of \(books) recommended books\(detail)."
            if waiting > 0 {
                sentence += " \(IndexHTMLReport.count(waiting, "book")) still "
                sentence += waiting == 1 ? "waits" : "wait"
                sentence += " for a description; later runs continue where this one stopped."
            }
            return sentence
        }
    }
}
