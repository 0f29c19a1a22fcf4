import Foundation

/// `bookrec merge OUT`: joins the parts that `--shard I/N` runs left in
/// `OUT/parts/` into one run in `OUT/runs/`, makes it `latest`, and removes
/// the parts. Each shard wrote its readers' files as the joined run shows
/// them; the merge links them into place and builds the club digest, the
/// CSV and the JSONL from the parts' compact data (`PartJoin`), rendering no
/// reader again. The result is byte for byte what one machine would have
/// written (`summary.json` differs only in its timing fields, see `PartMerge`).
package struct ShardMerge {
    let out: URL
    let keepRuns: Int
    let log: Log
    let exitGuard: (any ForcedExitGuard)?

    /// A merge of the parts in `out`, keeping `keepRuns` complete runs.
    package init(out: URL, keepRuns: Int, log: Log, exitGuard: (any ForcedExitGuard)? = nil) {
        self.out = out
        self.keepRuns = keepRuns
        self.log = log
        self.exitGuard = exitGuard
    }

    /// Merges and returns the one-line result. Cancelling the task stops it
    /// before the new run is committed; the parts are then left as they were.
    /// - Throws: `MergeError`, `JobLock.Held`, `ReportError`, `RunHistoryError`,
    ///   `CancellationError` when the task was cancelled.
    package func run() async throws -> String {
        var stopwatch = Stopwatch()
        let history = RunHistory(out: out, keepRuns: keepRuns)
        guard RunHistory.exists(history.parts) else { throw MergeError.noParts(folder: out.path) }
        // Checked before the lock too, so that merging too early touches nothing.
        _ = try PartMerge.find(in: history.parts)
        let lock = try JobLock(path: history.lockFile(shard: nil).path)
        defer { lock.release() }
        try history.refuseSymbolicLinks()
        history.removeLeftovers(shard: nil)
        let parts = try PartMerge.find(in: history.parts)
        log.info("merge", "start", ["parts": String(parts.count)])
        let merged = try PartMerge(parts: parts.map(\.folder)).merge()
        try Task.checkCancellation()

        let folder = try history.begin(shard: nil)
        exitGuard?.unfinished(folder)
        defer {
            exitGuard?.unfinished(nil)
            RunHistory.remove(unfinished: folder)
        }
        var index: URL?
        var summary = merged.summary
        if merged.writeReports {
            let reportFolder = try ReportFolder(folder)
            let members = try PartJoin(parts: parts.map(\.folder)).join(into: reportFolder)
            try Task.checkCancellation()
            let mail = merged.mail.map {
                RunMail(settings: $0, members: [:], club: merged.totals.name, date: merged.startedAt)
            }
            index = try ReportWriter.writeDigest(
                members, tally: merged.tally, totals: merged.totals, in: reportFolder, mail: mail)
            if let lastDigest = merged.totals.lastDigest, case .object(var object) = summary,
                let changes = try? JSONEncoder().encode(DigestChanges(lastDigest, members: members))
            {
                object["sinceLastDigest"] = try JSONDecoder().decode(JSONValue.self, from: changes)
                summary = .object(object)
            }
        }
        try PlainFile.write(merged.rejects, to: folder.appendingPathComponent("rejects.csv").path)
        try PlainFile.write(summary.data, to: folder.appendingPathComponent("summary.json").path)
        let final = try exitGuard.holdingOff { () throws -> URL in
            try Task.checkCancellation()
            return try history.commit(folder, shard: nil, switchLatest: true)
        }
        exitGuard?.unfinished(nil)
        let pruned = history.prune()
        for part in parts { RunHistory.remove(unfinished: part.folder) }
        log.info("merge", "done", ["run": final.path, "parts": String(parts.count), "pruned": String(pruned.count)])
        let report = final.appendingPathComponent(index == nil ? "summary.json" : "index.html")
        let totals = merged.totals
        return "bookrec: merged \(parts.count) parts: \(totals.users) users, \(totals.books) books, "
            + "\(totals.ratings) ratings used, \(totals.rejected) rejected; report: \(report.path) "
            + "(\(stopwatch.lap()) s)"
    }
}
