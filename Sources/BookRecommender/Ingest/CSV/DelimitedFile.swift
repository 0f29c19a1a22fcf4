/// A delimited file opened for reading: its first line read as the header
/// (or, for an export whose header line is missing, as data under the header
/// its format assumes), and its rows to read after it.
struct DelimitedFile: ~Copyable {
    let file: InputFile
    /// The header line, or the one assumed for a file without it.
    let header: CSVHeader
    /// True when the first line is data read under an assumed header.
    let firstLineIsData: Bool
    /// The rows after the header line (from the first line when it is data).
    var rows: CSVRows

    /// Opens `file` and reads its first line.
    /// - Parameter assumedHeader: called with the first record's fields: the
    ///   header to read the file with when that record is data (and every
    ///   record must have as many fields), nil when it is the header (see `KnownHeaders`).
    /// - Throws: `IngestError.cannotRead` when the file cannot be read,
    ///   `.malformed` when it is empty or its first record cannot be split,
    ///   and what `assumedHeader` throws.
    init(
        _ file: InputFile, assumedHeader: ([String]) throws(IngestError) -> [String]? = { _ in nil }
    ) throws(IngestError) {
        var rows = try CSVRows(path: file.path)
        guard let first = try rows.firstRecord() else {
            throw .malformed(path: file.path, line: 1, reason: "the file is empty (no header line)")
        }
        if let problem = first.problem {
            throw .malformed(
                path: file.path, line: first.line, reason: "cannot read the header: \(problem.rejectReason)")
        }
        let fields = first.fields
        let assumed = try assumedHeader(fields)
        rows.fieldCount = fields.count
        if assumed != nil { rows.keep(first) }
        header = CSVHeader(assumed ?? fields)
        firstLineIsData = assumed != nil
        self.file = file
        self.rows = rows
    }

    /// The field count every record must have.
    var fieldCount: Int { rows.fieldCount }
    /// The field delimiter, given or detected from the first line.
    var delimiter: UInt8 { rows.delimiter }
    /// The size of the file, or nil when it has none (a pipe).
    var fileSize: Int? { rows.fileSize }

    /// Calls `body` with each row of fields; a blank row is counted as blank,
    /// a record that cannot be read as a row rejected to `sink`. Returns early
    /// once `sink.isStopped`.
    /// - Throws: `IngestError.cannotRead` when reading fails part-way.
    mutating func forEachRecord<Sink: RecordSink>(
        into sink: inout Sink, _ body: (CSVRecord, inout Sink) -> Void
    ) throws(IngestError) {
        while !sink.isStopped, let row = try rows.next() {
            switch row {
            case .fields(let record): body(record, &sink)
            case .blank(let line): sink.blank(line: line)
            case .unreadable(let record, let reason):
                sink.reject(line: record.line, reason: reason, record: record.rawText)
            }
        }
    }

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
