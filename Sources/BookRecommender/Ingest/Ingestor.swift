import Foundation

/// Reads every input file into one `RatingData`: detects each file's format,
/// runs its reader, and accounts for every record.
struct Ingestor {
    /// What ingest produced.
    struct Result: Sendable {
        var data: RatingData
        /// Per item index: ISBN, title, authors, cover.
        var items: [ItemInfo]
        var files: [FileReport]
        var catalog: RecordCounts?
        /// What a MARC catalog's records held beyond their counts; nil when
        /// the catalog noted nothing (no catalog, or the `books.csv` layout).
        var catalogDetail: CatalogCounts?
        /// Books joined across files by title and author, and edition shelf entries added.
        var sameBook = SameBookJoin.Summary()
        /// The members of the per-person exports, with what their files gave.
        var members: [MemberReport] = []
        /// The books left as editions of one work (see `SameBookJoin`).
        var editions = Editions.none
        /// Whether this is the ingest a model file kept (`TrainingIngest`):
        /// then `data` holds the reader ids and book keys but no rating or
        /// shelf entries, `editions` is none, and the model's readers' rows
        /// are the ratings.
        var keptByModel = false

        /// The members whose files gave no rating.
        var membersWithoutRatings: [MemberReport] { members.filter { $0.problem != nil } }
        var totals: RecordCounts { files.reduce(RecordCounts()) { $0 + $1.records } }
    }

    var format: InputFormat?
    var columns: ColumnMap?
    /// `--rating-scale`: the scale of every generic file (ratings CSV and
    /// XML), or nil to take a ratings XML's own `scale` or detect each file's.
    var ratingScale: RatingScale?
    var policy: BadRecordPolicy
    /// How many threads may parse one generic ratings file or ratings XML file
    /// (the result is the same for any count).
    var threads: Int
    /// With a shard, `data` keeps only the ratings and interactions of that
    /// shard's readers: a run scoring them with a model file needs no others.
    /// Every record is still read and accounted for, and every reader and
    /// book still gets the index it gets without.
    var shard: Shard?

    init(
        format: InputFormat?, columns: ColumnMap?, ratingScale: RatingScale? = nil, policy: BadRecordPolicy,
        threads: Int = 1
    ) {
        self.format = format
        self.columns = columns
        self.ratingScale = ratingScale
        self.policy = policy
        self.threads = max(1, threads)
    }

    /// The ingest of `settings` (format, columns, rating scale, threads), as
    /// `IngestStage.read` builds it for every command, so that all of them
    /// read files alike. `policy` overrides the settings' `--on-bad-record`
    /// for the commands that only look.
    init(settings: RunSettings, policy: BadRecordPolicy? = nil) {
        self.init(
            format: settings.format, columns: settings.columns, ratingScale: settings.ratingScale,
            policy: policy ?? settings.onBadRecord, threads: settings.model.threads)
    }

    /// Reads the catalog (if any), then `files` in order.
    /// - Parameter onFile: called after each file, for logging.
    /// - Throws: `IngestError` for a file that cannot be read or parsed, or the
    ///   first bad record when the policy is `fail`.
    func ingest(
        _ files: [InputFile], catalogFile: InputFile?, rejects: RejectLog,
        onFile: (FileReport) -> Void = { _ in }
    ) throws(IngestError) -> Result {
        var catalog = Catalog()
        var catalogCounts: RecordCounts?
        if let catalogFile {
            catalogCounts = try readCatalog(catalogFile, into: &catalog, rejects: rejects)
        }
        var sink = IngestSink(catalog: catalog, policy: policy, rejects: rejects, shard: shard)
        var reports: [FileReport] = []
        var lostZeros: [LostZeroKeys?] = []
        var origins = ReaderOrigins()
        for file in files {
            sink.path = file.path
            sink.counts = RecordCounts()
            sink.lostZeros = nil
            sink.readers.startFile()
            let start = sink.checkpoint()
            var chosen = format
            var scale: FileScale?
            var problem: IngestError?
            do throws(IngestError) {
                guard !InputExpansion.isFolderPath(file.path) else {
                    let reason = file.memberFolder == nil ? "it is a folder" : "the member folder holds no export"
                    throw .cannotRead(path: file.path, reason: reason)
                }
                let detected: InputFormat
                if let format {
                    detected = format
                } else {
                    detected = try FormatDetection.detect(file, columns: columns)
                }
                chosen = detected
                (scale, problem) = try read(file, as: detected, into: &sink)
            } catch {
                // The file as a whole is unusable (unknown format, a scale that
                // cannot be told): none of it is kept.
                sink.rollback(to: start)
                problem = error
            }
            if let failure = sink.failure {
                throw .badRecord(path: file.path, line: failure.line, reason: failure.reason)
            }
            if let problem {
                // With `skip`, a file that breaks (or cannot be read at all) costs
                // only itself: what it held before the break is kept, and the break
                // is a reject row naming the file and line.
                guard policy == .skip else { throw problem }
                sink.reject(line: problem.line, reason: .other(problem.reason), record: "")
            }
            try origins.note(
                sink.readers, userIDs: sink.data.userIDs, from: file.path, perPerson: chosen?.isPerPerson ?? true)
            let report = FileReport(
                path: file.path, format: chosen, detected: format == nil, records: sink.counts, scale: scale,
                error: problem?.description)
            reports.append(report)
            lostZeros.append(sink.lostZeros)
            onFile(report)
        }
        var data = sink.data
        var items = sink.items
        let repairs = LostZeroKeys.resolve(lostZeros, data: &data, items: &items, catalog: catalog)
        for (index, counts) in repairs.enumerated() { reports[index].isbnRepairs = counts }
        let (sameBook, editions) = SameBookJoin.join(&data, items: &items)
        var result = Result(
            data: data, items: items, files: reports, catalog: catalogCounts, sameBook: sameBook,
            members: MemberReport.members(of: files, reports: reports), editions: editions)
        if catalog.counts != CatalogCounts() { result.catalogDetail = catalog.counts }
        return result
    }

    /// Reads `file` as `format` into `sink`. A generic file is read on
    /// `--rating-scale`, else on the scale it states, else on the one its
    /// ratings show (read a second time on it when a few ratings were off it).
    /// - Returns: the scale the ratings were read on, and where reading broke
    ///   off (what came before was kept).
    /// - Throws: `IngestError` when nothing of the file can be used: a broken
    ///   ratings XML root, or a scale that cannot be told.
    private func read(
        _ file: InputFile, as format: InputFormat, into sink: inout IngestSink
    ) throws(IngestError) -> (FileScale?, IngestError?) {
        guard format == .ratingsCSV || format == .ratingsXML else {
            let broken = read(file, as: format, scale: nil, into: &sink)
            return (format.fixedScale.map { FileScale($0, source: .format) }, broken)
        }
        var stated = ratingScale.map { FileScale($0, source: .given) }
        if stated == nil, format == .ratingsXML {
            stated = try RatingsXMLFormat.declaredScale(of: file).map { FileScale($0, source: .file) }
        }
        if let stated { return (stated, read(file, as: format, scale: stated.scale, into: &sink)) }
        let start = sink.checkpoint()
        sink.beginScaleDetection()
        let broken = read(file, as: format, scale: nil, into: &sink)
        guard !sink.isStopped else { return (nil, broken) }
        switch try sink.endScaleDetection(canReadAgain: FileChunks.isRegularFile(file.path)) {
        case .settled(let scale):
            return (scale.map { FileScale($0, source: .detected) }, broken)
        case .readAgain(let scale):
            sink.rollback(to: start)
            return (FileScale(scale, source: .detected), read(file, as: format, scale: scale, into: &sink))
        }
    }

    /// Runs the reader of `format` on `file`.
    /// - Returns: where reading broke off, if it did.
    private func read(
        _ file: InputFile, as format: InputFormat, scale: RatingScale?, into sink: inout IngestSink
    ) -> IngestError? {
        do throws(IngestError) {
            if format == .ratingsXML {
                try RatingsXMLFormat(scale: scale).read(file, into: &sink, threads: threads)
            } else if let reader = try reader(for: format, file: file, scale: scale) {
                try reader.read(file, into: &sink)
            } else {
                let settings = DelimitedIngest.Settings(columns: columns, scale: scale, formatNamed: self.format != nil)
                try DelimitedIngest.read(file, as: format, settings: settings, into: &sink, threads: threads)
            }
            return nil
        } catch {
            return error
        }
    }

    /// The reader of a `format` that is not delimited (XML, LibraryThing's
    /// JSON export), or nil for a delimited one (see `DelimitedIngest`);
    /// `scale` is a ratings XML file's (nil: detected).
    func reader(
        for format: InputFormat, file: InputFile, scale: RatingScale?
    ) throws(IngestError) -> (any FileParser)? {
        return switch format {
        case .ratingsCSV, .goodreads, .storygraph, .bookcrossing, .loans: nil
        case .librarything:
            try FileHead.read(file).firstSignificantByte == UInt8(ascii: "{") ? LibraryThingJSONFormat() : nil
        case .ratingsXML: RatingsXMLFormat(scale: scale)
        case .goodreadsRSS: GoodreadsRSSFormat()
        case .goodreadsAPI: GoodreadsAPIFormat()
        }
    }

    private func readCatalog(
        _ file: InputFile, into catalog: inout Catalog, rejects: RejectLog
    ) throws(IngestError) -> RecordCounts {
        let counts = try CatalogParser().read(file, into: &catalog) { line, reason, record in
            rejects.add(RejectLog.Entry(file: file.path, line: line, reason: reason, record: record))
        }
        if policy == .fail, let first = rejects.first.first(where: { $0.file == file.path }) {
            throw .badRecord(path: file.path, line: first.line, reason: first.reason)
        }
        return counts
    }
}
