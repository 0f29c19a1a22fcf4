import Foundation

/// Runs one batch: ingest → model (fitted, or read from `--model`) →
/// recommend → enrich → report, timing each
/// stage, into a new folder of the output folder's run history (see
/// `RunHistory`), under the job's lock.
public struct JobRunner {
    /// What a finished run produced, for the one-line result on stdout.
    public struct Outcome: Sendable {
        /// Readers in the ratings (all of them, also with `--shard`).
        public var users: Int
        /// Books in the ratings.
        public var items: Int
        /// The accounting of every record read.
        public var records: RecordCounts
        /// `index.html`, or `summary.json` with `--no-reports`.
        public var report: URL
        /// Seconds the run took, to the millisecond.
        public var seconds: Double
        /// Members whose files gave no rating.
        package var membersWithoutRatings: [MemberReport]
        /// What could not be used at all: `member NAME` for a member whose
        /// files failed, `file PATH` for another file that gave nothing.
        public var unusable: [String]

        /// The one line `bookrec` prints on stdout after a run.
        public var resultLine: String {
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
    public let settings: RunSettings
    /// Where the run logs, one line per event.
    public let log: Log
    /// Told of the unfinished folder and holding off forced exits during the commit, when given.
    public let exitGuard: (any ForcedExitGuard)?

    /// A run of `settings` logging to `log`.
    public init(settings: RunSettings, log: Log, exitGuard: (any ForcedExitGuard)? = nil) {
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
    public func run() async throws -> Outcome {
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

    /// The stages, writing every file into `folder` but the readers' own,
    /// which go to `users/` and `mail/` in `readersFolder`.
    private func produce(
        files: [InputFile], catalog: InputFile?, members: MembersList?, into folder: URL,
        readersInto readersFolder: URL, _ startedAt: Date, cancellation: CancellationFlag
    ) async throws -> (RunSummary, Outcome) {
        var stopwatch = Stopwatch()
        let rejectsFile = try RejectsFile(folder: folder)
        defer { rejectsFile.discard() }
        for entry in members?.rejectEntries ?? [] { rejectsFile.log.add(entry) }

        let modelStage = ModelStage(settings: settings, log: log)
        let loaded = try modelStage.load()
        let modelSeconds = stopwatch.lap()
        let result = try IngestStage(settings: settings, log: log).run(
            files, catalog: catalog, model: loaded, rejects: rejectsFile.log)
        try Task.checkCancellation()
        var summary = RunSummary(
            startedAt: ISO8601DateFormatter().string(from: startedAt), users: result.data.userCount,
            items: result.data.itemCount, records: result.totals, catalog: result.catalog, files: result.files,
            members: result.members, duplicatesReplaced: 0, fallbackUsers: 0, recommendations: 0,
            settings: .init(settings))
        summary.membersFile = members?.report
        summary.catalogDetail = result.catalogDetail
        summary.seconds.ingest = stopwatch.lap()
        guard result.totals.used + result.totals.shelved > 0 else {
            throw RunError.noRatings(rejected: result.totals.rejected)
        }

        let model = try modelStage.prepare(result, model: loaded)
        summary.duplicatesReplaced = model.rated.duplicatesReplaced
        summary.model = model.source
        var used = settings
        used.model = model.options
        summary.settings = .init(used)
        summary.seconds.model = modelSeconds + stopwatch.lap()
        log.info(
            "model", model.source == nil ? "fitted" : "ready",
            ["items": String(model.books.count), "seconds": "\(summary.seconds.model)"])
        try Task.checkCancellation()

        let users = (0..<result.data.userCount).filter {
            settings.shard?.contains(user: result.data.userIDs[$0]) ?? true
        }
        let lists = try UserScoring.recommend(model, users: users, cancellation: cancellation)
        summary.fallbackUsers = lists.filter { !$0.isEmpty && $0.allSatisfy(\.fallback) }.count
        summary.recommendations = lists.reduce(0) { $0 + $1.count }
        summary.seconds.recommend = stopwatch.lap()
        log.info("recommend", "done", ["users": String(lists.count), "seconds": "\(summary.seconds.recommend)"])

        let assembler = PickAssembler(data: result.data, items: result.items, books: model.books)
        let enriched = await EnrichStage(settings: settings.enrich, log: log)
            .run(assembler.lookups(for: lists), out: URL(fileURLWithPath: settings.out))
        try Task.checkCancellation()
        summary.enrichment = enriched.summary
        summary.seconds.enrich = stopwatch.lap()

        // After enrichment, so tonight's covers reach the app's book database; every
        // shard has the same model, so only the first writes it.
        if let path = settings.exportCoreML, (settings.shard?.index ?? 0) == 0,
            let exporting = model.bookModel(
                ratings: Ratings(data: result.data, items: result.items), startedAt: startedAt)
        {
            let exported = try CoreMLExport.write(
                model: exporting, to: URL(fileURLWithPath: path),
                cacheFolder: settings.enrich.options(out: URL(fileURLWithPath: settings.out))?.cacheFolder)
            log.info(
                "export", "coreml",
                ["model": exported.model.path, "books": String(exported.items), "links": String(exported.links)])
        }

        var index: URL?
        if settings.writeReports || settings.shard != nil {
            var inputs = ReportStage.Inputs(
                rated: model.rated, assembler: assembler, users: users, lists: lists, enrichments: enriched.enrichments,
                totals: ReportTotals(
                    users: result.data.userCount, books: result.data.itemCount, ratings: result.totals.used,
                    rejected: result.totals.rejected, notice: enriched.notice,
                    runDate: ReportTotals.day(of: startedAt), name: settings.name,
                    membersWithoutRatings: result.membersWithoutRatings,
                    membersWithoutMail: settings.mail == nil ? [] : members?.report.withoutMail ?? [],
                    withoutStars: result.totals.interactions))
            if settings.writeReports {
                inputs.listSettings = ListSettings(used)
                inputs.comparer = lastDigest(result, lists: ListSettings(used))
                inputs.totals.lastDigest = inputs.comparer?.lastDigest
                inputs.mail = mail(members, readers: users.map { result.data.userIDs[$0] }, result, startedAt)
            }
            let reported = try ReportStage(settings: settings, log: log).run(
                inputs, into: folder, readersInto: readersFolder, cancellation: cancellation)
            index = reported.index
            summary.sinceLastDigest = reported.changes
        }
        try rejectsFile.commit()
        summary.seconds.report = stopwatch.lap()
        summary.seconds.total = stopwatch.total
        summary.peakMemoryMB = PeakMemory.megabytes()
        try PlainFile.write(try summary.encoded(), to: folder.appendingPathComponent("summary.json").path)
        log.info(
            "report", "written", ["folder": folder.path, "users": String(settings.writeReports ? users.count : 0)])
        if let notice = enriched.notice { log.warning("enrich", "incomplete", ["message": notice]) }
        let outcome = Outcome(
            users: result.data.userCount, items: result.data.itemCount, records: result.totals,
            report: index ?? folder.appendingPathComponent("summary.json"), seconds: summary.seconds.total,
            membersWithoutRatings: result.membersWithoutRatings, unusable: Self.unusable(result))
        return (summary, outcome)
    }

    /// The comparison with the last digest in the output folder (see `PreviousRun`), logged.
    private func lastDigest(_ result: Ingestor.Result, lists: ListSettings) -> ListComparer {
        let (lastDigest, previous) = PreviousRun.load(
            out: URL(fileURLWithPath: settings.out), settings: lists, readers: result.data.userIDs)
        log.info(
            "report", "last digest",
            [
                "comparison": lastDigest.kind.rawValue, "run": lastDigest.previousRun ?? "none",
                "differences": lastDigest.differences.joined(separator: "; "),
            ])
        return ListComparer(
            lastDigest: lastDigest, previous: previous, itemKeys: result.data.itemKeys, items: result.items)
    }

    /// The members whose files failed, then the other files that failed whole.
    static func unusable(_ result: Ingestor.Result) -> [String] {
        let members = Set(result.members.flatMap(\.files))
        let files = result.files.filter {
            !members.contains($0.path) && $0.error != nil && $0.records.used + $0.records.shelved == 0
        }
        return result.members.filter(\.failed).map { "member \($0.name)" } + files.map { "file \($0.path)" }
    }
}
