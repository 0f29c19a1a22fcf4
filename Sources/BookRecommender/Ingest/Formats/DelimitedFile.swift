/// The common loop of the delimited-file readers: reads the header, reports
/// records that cannot be split or have the wrong field count, and hands the
/// rest to the reader, stopping as soon as the sink asks.
struct DelimitedFile: ~Copyable {
    let file: InputFile
    /// The header line, or the one assumed for a file without it.
    let header: CSVHeader
    /// The field count every record must have.
    let fieldCount: Int
    private var tokenizer: CSVTokenizer
    /// The first record when it is data; still valid because the tokenizer
    /// has not moved since it was read.
    private var pendingFirst: CSVRecord?

    /// Opens `file` and reads its header line.
    /// - Parameter assumedHeader: called with the first record's fields: the
    ///   header to read the file with when that record is data (and every
    ///   record must have as many fields), nil when it is the header (see `KnownHeaders`).
    /// - Throws: `IngestError.cannotRead` when the file cannot be read,
    ///   `.malformed` when it is empty or its first record cannot be split,
    ///   and what `assumedHeader` throws.
    init(
        _ file: InputFile, assumedHeader: ([String]) throws(IngestError) -> [String]? = { _ in nil }
    ) throws(IngestError) {
        var tokenizer = try CSVTokenizer(path: file.path)
        guard let first = try tokenizer.next() else {
            throw .malformed(path: file.path, line: 1, reason: "the file is empty (no header line)")
        }
        if let problem = first.problem {
            throw .malformed(
                path: file.path, line: first.line, reason: "cannot read the header: \(problem.rejectReason)")
        }
        let fields = first.fields
        let assumed = try assumedHeader(fields)
        fieldCount = fields.count
        pendingFirst = assumed == nil ? nil : first
        header = CSVHeader(assumed ?? fields)
        self.file = file
        self.tokenizer = tokenizer
    }

    /// Calls `body` with each record that has the right field count; a blank
    /// row is counted as blank, every other record rejected to `sink`. Returns
    /// early once `sink.isStopped`.
    /// - Throws: `IngestError.cannotRead` when reading fails part-way.
    mutating func forEachRecord<Sink: RecordSink>(
        into sink: inout Sink, _ body: (CSVRecord, inout Sink) -> Void
    ) throws(IngestError) {
        if let first = pendingFirst {
            pendingFirst = nil
            handle(first, into: &sink, body)
        }
        while !sink.isStopped, let record = try tokenizer.next() {
            handle(record, into: &sink, body)
        }
    }

    private func handle<Sink: RecordSink>(
        _ record: CSVRecord, into sink: inout Sink, _ body: (CSVRecord, inout Sink) -> Void
    ) {
        if record.isBlankRow {
            sink.blank(line: record.line)
        } else if let reason = Self.problem(of: record, fieldCount: fieldCount) {
            sink.reject(line: record.line, reason: reason, record: record.rawText)
        } else {
            body(record, &sink)
        }
    }

    /// Why `record` cannot be read as a row of `fieldCount` fields (it could
    /// not be split, or has another count), or nil when it can.
    static func problem(of record: CSVRecord, fieldCount: Int) -> RejectReason? {
        if let problem = record.problem { return problem.rejectReason }
        if record.count != fieldCount { return .fieldCount(expected: fieldCount, found: record.count) }
        return nil
    }

    /// The field delimiter, given or detected from the first line.
    var delimiter: UInt8 { tokenizer.delimiter }
    /// The size of the file, or nil when it has none (a pipe).
    var fileSize: Int? { tokenizer.fileSize }

    /// The index of a required column.
    /// - Throws: `IngestError.malformed` naming the column and listing the header.
    func require(_ role: String, _ aliases: [String]) throws(IngestError) -> Int {
        try require(role, aliases, found: header.index(ofAny: aliases))
    }

    /// `found`, the index of a required column looked up under `aliases`.
    /// - Throws: `IngestError.malformed` naming the column and listing the header when it is nil.
    func require(_ role: String, _ aliases: [String], found: Int?) throws(IngestError) -> Int {
        if let found { return found }
        let names = aliases.map { "\"\($0)\"" }.joined(separator: " or ")
        throw .malformed(
            path: file.path, line: 1,
            reason: "no \(role) column \(names) in the header: \(header.listed)")
    }
}
