import Foundation

/// A run's stages, in the order `produce` calls them: inputs → model →
/// scoring → enrichment → export → pages. Each takes what the ones before it
/// gave; `produce` records each one's figures in the summary.
extension JobRunner {
    /// What the inputs stage read, and the model file the run scores with.
    struct Inputs {
        var result: Ingestor.Result
        /// The model file, read before the inputs: when `bookrec train` fitted
        /// it on these very files, the ingest it kept is taken instead of
        /// parsing them (`InputPlan`).
        var modelFile: BookModel?
        /// Seconds spent reading the model file, counted as the model stage's.
        var modelSeconds: Double
    }

    /// This run's readers (all, or one shard's) and their ranked lists, in the same order.
    struct Scored {
        var users: [Int]
        var lists: [[Recommendation]]
    }

    /// The stages, writing every file into `folder` but the readers' own,
    /// which go to `users/` and `mail/` in `readersFolder`.
    func produce(
        files: [InputFile], catalog: InputFile?, members: MembersList?, into folder: URL,
        readersInto readersFolder: URL, _ startedAt: Date, cancellation: CancellationFlag
    ) async throws -> (RunSummary, Outcome) {
        var stopwatch = Stopwatch()
        let rejectsFile = try RejectsFile(folder: folder)
        defer { rejectsFile.discard() }
        for entry in members?.rejectEntries ?? [] { rejectsFile.log.add(entry) }

        let inputs = try readInputs(files, catalog: catalog, rejects: rejectsFile.log, &stopwatch)
        let result = inputs.result
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

        let model = try ModelStage(settings: settings, log: log).prepare(result, model: inputs.modelFile)
        var used = settings
        used.model = model.options
        summary.duplicatesReplaced = model.rated.duplicatesReplaced
        summary.model = model.source
        summary.settings = .init(used)
        summary.seconds.model = inputs.modelSeconds + stopwatch.lap()
        log.info(
            "model", model.source == nil ? "fitted" : "ready",
            ["items": String(model.books.count), "seconds": "\(summary.seconds.model)"])
        try Task.checkCancellation()

        let scored = try score(model, result, cancellation: cancellation)
        summary.fallbackUsers = scored.lists.filter { !$0.isEmpty && $0.allSatisfy(\.fallback) }.count
        summary.recommendations = scored.lists.reduce(0) { $0 + $1.count }
        summary.seconds.recommend = stopwatch.lap()
        log.info(
            "recommend", "done", ["users": String(scored.lists.count), "seconds": "\(summary.seconds.recommend)"])

        let assembler = PickAssembler(data: result.data, items: result.items, books: model.books)
        let enriched = await EnrichStage(settings: settings.enrich, log: log)
            .run(assembler.lookups(for: scored.lists), out: URL(fileURLWithPath: settings.out))
        try Task.checkCancellation()
        summary.enrichment = enriched.summary
        summary.seconds.enrich = stopwatch.lap()

        try exportCoreML(model, result, startedAt)

        let pages = try writePages(
            ReportStage.Inputs(
                rated: model.rated, assembler: assembler, users: scored.users, lists: scored.lists,
                enrichments: enriched.enrichments, totals: totals(result, members, enriched.notice, startedAt)),
            result, members: members, listSettings: ListSettings(used), startedAt,
            into: folder, readersInto: readersFolder, cancellation: cancellation)
        summary.sinceLastDigest = pages?.changes
        try rejectsFile.commit()
        summary.seconds.report = stopwatch.lap()
        summary.seconds.total = stopwatch.total
        summary.peakMemoryMB = PeakMemory.megabytes()
        try PlainFile.write(try summary.encoded(), to: folder.appendingPathComponent("summary.json").path)
        log.info(
            "report", "written",
            ["folder": folder.path, "users": String(settings.writeReports ? scored.users.count : 0)])
        if let notice = enriched.notice { log.warning("enrich", "incomplete", ["message": notice]) }
        let outcome = Outcome(
            users: result.data.userCount, items: result.data.itemCount, records: result.totals,
            report: pages?.index ?? folder.appendingPathComponent("summary.json"), seconds: summary.seconds.total,
            membersWithoutRatings: result.membersWithoutRatings, unusable: Self.unusable(result))
        return (summary, outcome)
    }

    /// The model file (when the run reads one), then the inputs as the plan made from both says.
    private func readInputs(
        _ files: [InputFile], catalog: InputFile?, rejects: RejectLog, _ stopwatch: inout Stopwatch
    ) throws -> Inputs {
        let modelFile = try ModelStage(settings: settings, log: log).load()
        let modelSeconds = stopwatch.lap()
        let plan = InputPlan.forRun(settings, model: modelFile, files: files, catalog: catalog)
        let result = try IngestStage(settings: settings, log: log).run(
            files, catalog: catalog, plan: plan, rejects: rejects)
        try Task.checkCancellation()
        return Inputs(result: result, modelFile: modelFile, modelSeconds: modelSeconds)
    }

    /// The lists of this run's readers: everyone's, or one shard's.
    private func score(
        _ model: PreparedModel, _ result: Ingestor.Result, cancellation: CancellationFlag
    ) throws -> Scored {
        let users = settings.shard?.readers(among: result.data.userIDs) ?? Array(0..<result.data.userCount)
        return Scored(users: users, lists: try UserScoring.recommend(model, users: users, cancellation: cancellation))
    }

    /// The Core ML export, when the settings ask for one. After enrichment, so
    /// tonight's covers reach the app's book database; every shard has the
    /// same model, so only the first writes it.
    private func exportCoreML(_ model: PreparedModel, _ result: Ingestor.Result, _ startedAt: Date) throws {
        guard let path = settings.exportCoreML, (settings.shard?.index ?? 0) == 0,
            let exporting = model.bookModel(
                ratings: Ratings(data: result.data, items: result.items), startedAt: startedAt)
        else { return }
        let exported = try CoreMLExport.write(
            model: exporting, to: URL(fileURLWithPath: path),
            cacheFolder: settings.enrich.options(out: URL(fileURLWithPath: settings.out))?.cacheFolder)
        log.info(
            "export", "coreml",
            ["model": exported.model.path, "books": String(exported.items), "links": String(exported.links)])
    }

    /// The club's totals as the pages and the digest show them.
    private func totals(
        _ result: Ingestor.Result, _ members: MembersList?, _ notice: String?, _ startedAt: Date
    ) -> ReportTotals {
        ReportTotals(
            users: result.data.userCount, books: result.data.itemCount, ratings: result.totals.used,
            rejected: result.totals.rejected, notice: notice, runDate: ReportTotals.day(of: startedAt),
            name: settings.name, membersWithoutRatings: result.membersWithoutRatings,
            membersWithoutMail: settings.mail == nil ? [] : members?.report.withoutMail ?? [],
            withoutStars: result.totals.interactions)
    }

    /// The pages, the digest and the mail (a shard without reports still
    /// writes its tally for the merge); nil when the run writes no reports.
    private func writePages(
        _ inputs: ReportStage.Inputs, _ result: Ingestor.Result, members: MembersList?, listSettings: ListSettings,
        _ startedAt: Date, into folder: URL, readersInto readersFolder: URL, cancellation: CancellationFlag
    ) throws -> ReportStage.Outcome? {
        guard settings.writeReports || settings.shard != nil else { return nil }
        var inputs = inputs
        if settings.writeReports {
            inputs.listSettings = listSettings
            inputs.comparer = lastDigest(result, lists: listSettings)
            inputs.totals.lastDigest = inputs.comparer?.lastDigest
            inputs.mail = mail(
                members, readers: inputs.users.map { result.data.userIDs[$0] }, result, startedAt)
        }
        return try ReportStage(settings: settings, log: log).run(
            inputs, into: folder, readersInto: readersFolder, cancellation: cancellation)
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
