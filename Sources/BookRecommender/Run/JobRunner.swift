import Foundation

/// Runs one batch under the job's lock, into a new folder of the output
/// folder's run history (see `RunHistory`): the stages (inputs → model →
/// scoring → enrichment → export → pages, in `JobRunner+Stages.swift`),
/// then the commit that makes the folder the run and `latest`.
package struct JobRunner {
    /// What a finished run produced, for the one-line result on stdout.
    package struct Outcome: Sendable {
        /// Readers in the ratings (all of them, also with `--shard`).
        var users: Int
        /// Books in the ratings.
        var items: Int
        /// The accounting of every record read.
        var records: RecordCounts
        /// `index.html`, or `summary.json` with `--no-reports`.
        var report: URL
        /// Seconds the run took, to the millisecond.
        var seconds: Double
        /// Members whose files gave no rating.
        var membersWithoutRatings: [MemberReport]
        /// What could not be used at all: `member NAME` for a member whose
        /// files failed, `file PATH` for another file that gave nothing.
        package var unusable: [String]

        /// The one line `bookrec` prints on stdout after a run.
        package var resultLine: String {
            let missing =
                membersWithoutRatings.isEmpty
                ? ""
                : "; \(membersWithoutRatings.count) members without usable ratings: "
                    + membersWithoutRatings.map(\.name).joined(separator: ", ")
            let withoutStars = records.shelved > 0 ? " and \(records.shelved) books without stars" : ""
            return "bookrec: \(users) users, \(items) books, \(records.used) ratings\(withoutStars) used, "
                + "\(records.rejected) rejected\(missing); report: \(report.path) (\(seconds) s)"
        }
    }

    /// The settings of the run.
    let settings: RunSettings
    /// Where the run logs, one line per event.
    let log: Log
    /// Told of the unfinished folder and holding off forced exits during the commit, when given.
    let exitGuard: (any ForcedExitGuard)?

    /// A run of `settings` logging to `log`.
    package init(settings: RunSettings, log: Log, exitGuard: (any ForcedExitGuard)? = nil) {
        self.settings = settings
        self.log = log
        self.exitGuard = exitGuard
    }

    /// Runs the job. Cancelling the task that runs it stops it at the next
    /// checkpoint (between stages, between blocks of readers, between lookups)
    /// and removes its unfinished folder; `latest` is left as it was.
    /// - Throws: `JobLock.Held` (75) when the job is running already, before
    ///   anything is written; `IngestError` (missing input 66, bad data 65),
    ///   `ReportError` (output 73), `RunHistoryError`, `CancellationError`
    ///   when the task was cancelled, `BookModelError` for a model file that is
    ///   missing (66) or damaged (65), `MailError` for a members file that is
    ///   missing (66), has an unusable header (65), or has bad rows with
    ///   `--on-bad-record fail` (65), before anything is written, and
    ///   `RunError.enrichmentRequired` (75, after the run was kept but not
    ///   made `latest`) with `--require-enrichment`.
    package func run() async throws -> Outcome {
        let startedAt = Date()
        let files = try settings.inputFiles()
        let catalogFile = try settings.catalogFile()
        let members = try readMembers()
        let out = URL(fileURLWithPath: settings.out)
        let history = RunHistory(out: out, keepRuns: settings.keepRuns)
        try AtomicFile.createFolder(out)
        let lock = try JobLock(path: history.lockFile(shard: settings.shard).path)
        defer { lock.release() }
        try history.refuseSymbolicLinks()
        history.removeLeftovers(shard: settings.shard)
        if let shard = settings.shard { history.withdrawPart(shard) }
        let folder = try history.begin(shard: settings.shard, at: startedAt)
        exitGuard?.unfinished(folder)
        defer {
            exitGuard?.unfinished(nil)
            RunHistory.remove(unfinished: folder)
        }
        log.info(
            "run", "start", ["name": settings.name ?? "recommend", "folder": folder.path, "pid": String(getpid())])

        let (summary, produced) = try await CancellationFlag.watching { cancellation in
            try await produce(
                files: files, catalog: catalogFile, members: members,
                into: folder, readersInto: settings.shard == nil ? folder : history.partsRun, startedAt,
                cancellation: cancellation)
        }
        let missing = summary.enrichment?.withoutEnrichment ?? 0
        let failed = settings.enrich.required && missing > 0
        var stopwatch = Stopwatch()
        let final = try exitGuard.holdingOff { () throws -> URL in
            try Task.checkCancellation()
            return try history.commit(folder, shard: settings.shard, switchLatest: !failed)
        }
        exitGuard?.unfinished(nil)
        log.info("run", "committed", ["seconds": "\(stopwatch.lap())"])
        var outcome = produced
        outcome.report = final.appendingPathComponent(produced.report.lastPathComponent)
        if settings.shard == nil, !failed {
            let removed = history.prune()
            log.info(
                "run", "done", ["run": final.path, "latest": final.lastPathComponent, "pruned": "\(removed.count)"])
        } else {
            log.info("run", "done", ["run": final.path])
        }
        if failed {
            throw RunError.enrichmentRequired(missing: missing, of: summary.enrichment?.books ?? 0)
        }
        return outcome
    }
}
