/// The notice at the top of a reader's page when some of their picks went
/// without Google Books details: it counts that reader's picks only, so the
/// page depends on the reader alone (a sharded run's pages are then the
/// same as one machine's). The run-wide sentence (`ReportTotals.notice`)
/// goes on the club digest.
enum ReaderNotice {
    /// "Google Books: 2 of your 5 picks could not be looked up (offline), …",
    /// or nil when every pick was answered (found or not) or had no lookup stage.
    static func text(for picks: [ReportPick]) -> String? {
        var reasons: [String: Int] = [:]
        for pick in picks {
            switch pick.enrichment?.status {
            case .failed(let reason), .skipped(let reason): reasons[reason, default: 0] += 1
            case .ok, .notFound, nil: continue
            }
        }
        let missing = reasons.values.reduce(0, +)
        guard missing > 0,
            let reason = reasons.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key })?.key
        else { return nil }
        let these = missing == 1 ? "it is" : "they are"
        return "Google Books: \(missing) of your \(IndexHTMLReport.count(picks.count, "pick")) could not be looked up "
            + "(\(reason)), so \(these) shown without description, cover or preview link. "
            + "The next run will try again."
    }
}
