import Foundation

/// Reads every input file into one `RatingData`: detects each file's format,
/// runs its reader, and accounts for every record.
public struct Ingestor {
    /// What ingest produced.
    public struct Result: Sendable {
        public var data: RatingData
        /// Per item index: ISBN, title, authors, cover.
        public var items: [ItemInfo]
        public var files: [FileReport]
        public var catalog: RecordCounts?
        public var totals: RecordCounts { files.reduce(RecordCounts()) { $0 + $1.records } }
    }

    public var format: InputFormat?
    public var columns: ColumnMap?
    public var policy: BadRecordPolicy
    /// How many threads may parse one generic ratings file (the result is the same for any count).
    public var threads: Int

    public init(format: InputFormat?, columns: ColumnMap?, policy: BadRecordPolicy, threads: Int = 1) {
        self.format = format
        self.columns = columns
        self.policy = policy
        self.threads = max(1, threads)
    }

    /// Reads the catalog (if any), then `files` in order.
    /// - Parameter onFile: called after each file, for logging.
    /// - Throws: `IngestError` for a file that cannot be read or parsed, or the
    ///   first bad record when the policy is `fail`.
    public func ingest(
        _ files: [InputFile], catalogFile: InputFile?, rejects: RejectLog,
        onFile: (FileReport) -> Void = { _ in }
    ) throws(IngestError) -> Result {
        var catalog = Catalog()
        var catalogCounts: RecordCounts?
        if let catalogFile {
            catalogCounts = try readCatalog(catalogFile, into: &catalog, rejects: rejects)
        }
        var sink = IngestSink(catalog: catalog, policy: policy, rejects: rejects)
        var reports: [FileReport] = []
        for file in files {
            sink.path = file.path
            sink.counts = RecordCounts()
            var chosen = format
            var problem: IngestError?
            do throws(IngestError) {
                let detected: InputFormat
                if let format {
                    detected = format
                } else {
                    detected = try FormatDetection.detect(file, columns: columns)
                }
                chosen = detected
                if detected == .ratingsCSV {
                    try RatingsCSVReader(columns: columns).read(file, into: &sink, threads: threads)
                } else {
                    try reader(for: detected, file: file).read(file, into: &sink)
                }
            } catch {
                // With `skip`, a file that breaks (or cannot be read at all) costs
                // only itself: what it held before the break is kept, and the break
                // is a reject row naming the file and line.
                guard policy == .skip else { throw error }
                problem = error
                sink.reject(line: error.line, reason: .other(error.reason), record: "")
            }
            if let failure = sink.failure {
                throw .badRecord(path: file.path, line: failure.line, reason: failure.reason)
            }
            let report = FileReport(
                path: file.path, format: chosen, detected: format == nil, records: sink.counts,
                error: problem?.description)
            reports.append(report)
            onFile(report)
        }
        return Result(data: sink.data, items: sink.items, files: reports, catalog: catalogCounts)
    }

    /// The reader for `format`. An explicitly chosen format is trusted further:
    /// a header-less Book-Crossing chunk is read as data.
    func reader(for format: InputFormat, file: InputFile) throws(IngestError) -> any RatingReader {
        return switch format {
        case .ratingsCSV: RatingsCSVReader(columns: columns)
        case .goodreads: GoodreadsReader()
        case .storygraph: StoryGraphReader()
        case .librarything:
            try FileHead.read(file).firstSignificantByte == UInt8(ascii: "{")
                ? LibraryThingJSONReader() as any RatingReader : LibraryThingReader()
        case .bookcrossing: BookCrossingReader(explicitHeaderless: self.format == .bookcrossing)
        case .ratingsXML: RatingsXMLReader()
        case .goodreadsRSS: GoodreadsRSSReader()
        }
    }

    private func readCatalog(
        _ file: InputFile, into catalog: inout Catalog, rejects: RejectLog
    ) throws(IngestError) -> RecordCounts {
        let counts = try CatalogReader().read(file, into: &catalog) { line, reason, record in
            rejects.add(RejectLog.Entry(file: file.path, line: line, reason: reason, record: record))
        }
        if policy == .fail, let first = rejects.first.first(where: { $0.file == file.path }) {
            throw .badRecord(path: file.path, line: first.line, reason: first.reason)
        }
        return counts
    }
}
