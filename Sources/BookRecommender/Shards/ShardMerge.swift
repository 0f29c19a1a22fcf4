import Foundation

/// `bookrec merge OUT`: joins the parts that `--shard I/N` runs left in
/// `OUT/parts/` into one run in `OUT/runs/`, makes it `latest`, and removes
/// the parts. Each shard wrote its readers' own files straight into
/// `OUT/parts/run/`; the merge checks them, adds the club digest, the CSV,
/// the JSONL and the summary built from the parts' compact data
/// (`PartJoin`), flushes the folder and renames it into `runs/`, moving and
/// rendering no reader's file. The result is byte for byte what one machine
/// would have written (`summary.json` differs only in its timing fields, see
/// `PartMerge`).
///
/// Until the rename, the parts and `parts/run/` stay usable, so a stopped
/// merge is run again; after it, `parts/merged.json` (`MergeMark`) lets a
/// second merge finish the first instead of finding the readers' files gone.
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
        _ = try findParts(history)
        let lock = try JobLock(path: history.lockFile(shard: nil).path)
        defer { lock.release() }
        let parts = try findParts(history)
        // Every shard's lock too: no shard of the run may start (and withdraw or
        // rewrite its part and its readers' files) while the merge reads them.
        let shardLocks = try parts.map { try JobLock(path: history.lockFile(shard: $0.shard).path) }
        defer { shardLocks.forEach { $0.release() } }
        try history.refuseSymbolicLinks()
        history.removeLeftovers(shard: nil)
        log.info("merge", "start", ["parts": String(parts.count)])
        let merged = try PartMerge(parts: parts.map(\.folder)).merge()
        try Task.checkCancellation()

        let mark = MergeMark(run: history.freeName(at: Date()), parts: merged.partStarts)
        let final: URL
        if merged.writeReports, !RunHistory.exists(history.partsRun), let done = MergeMark.read(in: history),
            done.parts == mark.parts, RunHistory.exists(history.runs.appendingPathComponent(done.run))
        {
            final = try finish(done, history: history)
        } else if merged.writeReports {
            final = try join(merged, parts: parts.map(\.folder), mark: mark, history: history)
        } else {
            final = try writeSummary(merged, history: history)
        }
        exitGuard?.unfinished(nil)
        let pruned = history.prune()
        // One rename takes the parts and the mark away together: a merge
        // killed while removing them leaves only hidden leftovers.
        RunHistory.remove(unfinished: history.parts)
        log.info("merge", "done", ["run": final.path, "parts": String(parts.count), "pruned": String(pruned.count)])
        let report = final.appendingPathComponent(merged.writeReports ? "index.html" : "summary.json")
        let totals = merged.totals
        let withoutStars = totals.withoutStars.total > 0 ? " and \(totals.withoutStars.total) books without stars" : ""
        return "bookrec: merged \(parts.count) parts: \(totals.users) users, \(totals.books) books, "
            + "\(totals.ratings) ratings\(withoutStars) used, \(totals.rejected) rejected; report: \(report.path) "
            + "(\(stopwatch.lap()) s)"
    }

    /// The parts, in shard order.
    /// - Throws: `JobLock.Held` when a missing part's shard is running (exit
    ///   75: it withdrew its part and is writing it again), else `MergeError`.
    private func findParts(_ history: RunHistory) throws -> [(shard: Shard, folder: URL)] {
        do {
            return try PartMerge.find(in: history.parts)
        } catch .missingParts(let count, let missing) {
            for index in missing {
                let path = history.lockFile(shard: Shard(index: index, count: count)).path
                if let pid = JobLock.probe(path) { throw JobLock.Held(path: path, pid: pid == 0 ? nil : pid) }
            }
            throw MergeError.missingParts(count: count, missing: missing)
        }
    }

    /// Completes `parts/run/` with the club's files and renames it into `runs/` as `latest`.
    private func join(_ merged: PartMerge.Merged, parts: [URL], mark: MergeMark, history: RunHistory) throws -> URL {
        let folder = history.partsRun
        let reportFolder = try ReportFolder(folder)
        let members = try PartJoin(parts: parts).join(into: reportFolder, mail: merged.mail != nil)
        try Task.checkCancellation()
        let mail = merged.mail.map {
            RunMail(settings: $0, members: [:], club: merged.totals.name, date: merged.startedAt)
        }
        _ = try ReportWriter.writeDigest(
            members, tally: merged.tally, totals: merged.totals, in: reportFolder, mail: mail)
        var summary = merged.summary
        if let lastDigest = merged.totals.lastDigest {
            summary.sinceLastDigest = DigestChanges(lastDigest, members: members)
        }
        try write(merged.rejects, summary: summary, in: folder)
        try DurableFolder.flush(folder)
        try Task.checkCancellation()
        try mark.write(in: history)
        return try exitGuard.holdingOff { () throws -> URL in
            try history.publish(folder, as: mark.run, switchLatest: true)
        }
    }

    /// A run of `rejects.csv` and `summary.json` alone, for parts without reports.
    private func writeSummary(_ merged: PartMerge.Merged, history: RunHistory) throws -> URL {
        let folder = try history.begin(shard: nil)
        exitGuard?.unfinished(folder)
        defer {
            exitGuard?.unfinished(nil)
            RunHistory.remove(unfinished: folder)
        }
        try write(merged.rejects, summary: merged.summary, in: folder)
        let final = try exitGuard.holdingOff { () throws -> URL in
            try Task.checkCancellation()
            return try history.commit(folder, shard: nil, switchLatest: true)
        }
        return final
    }

    /// Points `latest` at the run an earlier merge of the same parts renamed
    /// into place and was stopped after, unless a newer run is `latest` already.
    private func finish(_ done: MergeMark, history: RunHistory) throws -> URL {
        log.info("merge", "finishing", ["run": done.run])
        if history.latestName().map({ $0 < done.run }) ?? true {
            try exitGuard.holdingOff { () throws in try history.switchLatest(to: done.run) }
        }
        return history.runs.appendingPathComponent(done.run, isDirectory: true)
    }

    private func write(_ rejects: Data, summary: RunSummary, in folder: URL) throws {
        try PlainFile.write(rejects, to: folder.appendingPathComponent("rejects.csv").path)
        try PlainFile.write(try summary.encoded(), to: folder.appendingPathComponent("summary.json").path)
    }
}
