import Foundation

/// Runs one batch: ingest → model → recommend → report, timing each stage and
/// writing `rejects.csv` and `summary.json` beside the reports.
public struct JobRunner {
    /// What a finished run produced, for the one-line result on stdout.
    public struct Outcome: Sendable {
        public var users: Int
        public var items: Int
        public var records: RecordCounts
        /// `index.html`, or `summary.json` with `--no-reports`.
        public var report: URL
        public var seconds: Double

        public var resultLine: String {
            "bookrec: \(users) users, \(items) books, \(records.used) ratings used, "
                + "\(records.rejected) rejected; report: \(report.path) (\(seconds) s)"
        }
    }

    public let settings: RunSettings
    public let log: Log

    public init(settings: RunSettings, log: Log) {
        self.settings = settings
        self.log = log
    }

    /// - Throws: `IngestError` (missing input 66, bad data 65), `ReportError`
    ///   (output 73), `RunError.enrichmentRequired` (75, after every report
    ///   was written) with `--require-enrichment`.
    public func run() async throws -> Outcome {
        var stopwatch = Stopwatch()
        let startedAt = Date()
        let files = try InputExpansion.files(for: settings.inputs)
        let catalogFile = try settings.catalog.map { path throws(IngestError) in
            try InputExpansion.files(for: [path])[0]
        }
        let out = URL(fileURLWithPath: settings.out)
        try AtomicFile.createFolder(out)
        let rejectsFile = try RejectsFile(folder: out)
        defer { rejectsFile.discard() }

        log.info("ingest", "start", ["files": String(files.count)])
        let ingestor = Ingestor(format: settings.format, columns: settings.columns, policy: settings.onBadRecord)
        let result = try ingestor.ingest(files, catalogFile: catalogFile, rejects: rejectsFile.log) { file in
            log.info(
                "ingest", "file",
                [
                    "path": file.path, "format": file.format?.rawValue ?? "unknown", "read": String(file.records.read),
                    "used": String(file.records.used), "shelved": String(file.records.shelved),
                    "rejected": String(file.records.rejected),
                ])
            if let error = file.error { log.warning("ingest", "file stopped early", ["error": error]) }
        }
        var summary = RunSummary(
            startedAt: ISO8601DateFormatter().string(from: startedAt), users: result.data.userCount,
            items: result.data.itemCount, records: result.totals, catalog: result.catalog, files: result.files,
            duplicatesReplaced: 0, fallbackUsers: 0, recommendations: 0, settings: .init(settings))
        summary.seconds.ingest = stopwatch.lap()
        guard result.data.ratingCount > 0 else { throw RunError.noRatings(rejected: result.totals.rejected) }

        var modelOptions = settings.model
        if settings.exclude != nil || settings.only != nil {
            let itemIndex = Dictionary(uniqueKeysWithValues: result.data.itemKeys.enumerated().map { ($1, Int32($0)) })
            if let path = settings.exclude {
                let (items, unknown) = try BookListFile.items(in: path, itemIndex: itemIndex)
                modelOptions.exclude = items
                log.info("model", "exclude", ["file": path, "books": String(items.count), "unknown": String(unknown)])
            }
            if let path = settings.only {
                let (items, unknown) = try BookListFile.items(in: path, itemIndex: itemIndex)
                modelOptions.only = items
                log.info("model", "only", ["file": path, "books": String(items.count), "unknown": String(unknown)])
            }
        }
        let model = Recommender(options: modelOptions).fit(result.data)
        summary.duplicatesReplaced = model.duplicatesReplaced
        summary.seconds.model = stopwatch.lap()
        log.info("model", "fitted", ["items": String(result.data.itemCount), "seconds": "\(summary.seconds.model)"])

        let lists = model.recommendAll()
        summary.fallbackUsers = lists.filter { !$0.isEmpty && $0.allSatisfy(\.fallback) }.count
        summary.recommendations = lists.reduce(0) { $0 + $1.count }
        summary.seconds.recommend = stopwatch.lap()
        log.info("recommend", "done", ["users": String(lists.count), "seconds": "\(summary.seconds.recommend)"])

        let assembler = PickAssembler(data: result.data, items: result.items)
        let enriched = await EnrichStage(settings: settings.enrich, log: log)
            .run(assembler.lookups(for: lists), out: out)
        summary.enrichment = enriched.summary
        summary.seconds.enrich = stopwatch.lap()

        if let path = settings.exportCoreML {
            // After enrichment, so tonight's covers reach the app's book database.
            let exported = try CoreMLExport.write(
                model: model, data: result.data, items: result.items, to: URL(fileURLWithPath: path),
                cacheFolder: settings.enrich.options(out: out)?.cacheFolder, trainedAt: startedAt)
            log.info(
                "export", "coreml",
                ["model": exported.model.path, "books": String(exported.items), "links": String(exported.links)])
        }

        var written: ReportFiles?
        if settings.writeReports {
            // Built only for the reports: every user's rated list is as large as the input.
            let picks = assembler.userPicks(
                lists, ratedByUser: (0..<result.data.userCount).map { model.ratings(of: Int32($0)) },
                enrichments: enriched.enrichments)
            let totals = ReportTotals(
                users: result.data.userCount, books: result.data.itemCount, ratings: result.totals.used,
                rejected: result.totals.rejected, notice: enriched.notice, runDate: ReportTotals.day(of: startedAt),
                name: settings.name)
            written = try ReportWriter(outputFolder: out).write(users: picks, totals: totals)
        }
        try rejectsFile.commit()
        summary.seconds.report = stopwatch.lap()
        summary.seconds.total = stopwatch.total
        summary.peakMemoryMB = PeakMemory.megabytes()
        try AtomicFile.write(try summary.encoded(), to: out.appendingPathComponent("summary.json"))
        log.info("report", "written", ["folder": out.path, "users": String(written?.users.count ?? 0)])
        if let notice = enriched.notice { log.warning("enrich", "incomplete", ["message": notice]) }
        if settings.enrich.required, enriched.summary.withoutEnrichment > 0 {
            throw RunError.enrichmentRequired(missing: enriched.summary.withoutEnrichment, of: enriched.summary.books)
        }
        return Outcome(
            users: result.data.userCount, items: result.data.itemCount, records: result.totals,
            report: written?.index ?? out.appendingPathComponent("summary.json"),
            seconds: summary.seconds.total)
    }
}
