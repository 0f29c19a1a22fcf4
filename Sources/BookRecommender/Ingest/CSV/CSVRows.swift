/// The records of a delimited file, or of a byte range of one, each sorted
/// the one way every format needs: a row of fields to read, a blank row
/// (every field empty, as spreadsheets leave below the data), or a record
/// that cannot be read as a row (it could not be split, or has another field
/// count than the header).
///
/// Every delimited format reads its records through here, and only here is
/// a record's field count checked.
struct CSVRows: ~Copyable {
    /// One record, sorted.
    enum Row {
        /// A record of `fieldCount` fields, not all of them blank.
        case fields(CSVRecord)
        /// A record whose every field is blank.
        case blank(line: Int)
        /// A record that cannot be read as a row, and why.
        case unreadable(CSVRecord, RejectReason)
    }

    private var tokenizer: CSVTokenizer
    /// The field count every record must have; `DelimitedFile` sets it from the first line.
    var fieldCount: Int
    /// A first record that is data (a file read without its header line),
    /// handed out before the tokenizer moves, which keeps it valid.
    private var pending: CSVRecord?

    /// Opens `path`; `fieldCount` is set once the first line is read.
    /// - Throws: `IngestError.cannotRead` when the file cannot be opened.
    init(path: String) throws(IngestError) {
        tokenizer = try CSVTokenizer(path: path)
        fieldCount = 0
    }

    /// Opens the bytes `range` of the file at `path`, a piece of a file whose
    /// first line `DelimitedFile` read: the header line is skipped when the
    /// range starts the file; lines count from 1 at the range's start.
    /// - Throws: `IngestError.cannotRead` when the file cannot be opened or read.
    init(path: String, delimiter: UInt8, fieldCount: Int, range: Range<Int>) throws(IngestError) {
        var tokenizer = try CSVTokenizer(path: path, delimiter: delimiter, range: range)
        if range.lowerBound == 0 { _ = try tokenizer.next() }
        self.tokenizer = tokenizer
        self.fieldCount = fieldCount
    }

    /// The first record as the tokenizer splits it, unsorted: for the header line.
    /// - Throws: `IngestError.cannotRead` when reading fails.
    mutating func firstRecord() throws(IngestError) -> CSVRecord? {
        try tokenizer.next()
    }

    /// Makes `record`, the one `firstRecord()` just returned, the first row `next()` hands out.
    mutating func keep(_ record: CSVRecord) {
        pending = record
    }

    /// The next record, sorted, or nil at the end.
    /// - Throws: `IngestError.cannotRead` when reading fails part-way.
    mutating func next() throws(IngestError) -> Row? {
        let record: CSVRecord
        if let first = pending {
            pending = nil
            record = first
        } else {
            guard let next = try tokenizer.next() else { return nil }
            record = next
        }
        // A blank row is blank whatever its field count: spreadsheets pad the
        // rows below the data with as many delimiters as they like.
        if record.isBlankRow { return .blank(line: record.line) }
        if let problem = record.problem { return .unreadable(record, problem.rejectReason) }
        if record.count != fieldCount {
            return .unreadable(record, .fieldCount(expected: fieldCount, found: record.count))
        }
        return .fields(record)
    }

    /// The fields at `columns` of the next record when it is a plain line of
    /// `fieldCount` fields (see `CSVTokenizer.plainLine`), which `next()`
    /// would hand out as `.fields`; nil otherwise, and always while a kept
    /// first record is pending. Moves nothing: `skip(_:)` does.
    @inline(__always)
    func plainLine(_ columns: (Int, Int, Int)) -> CSVTokenizer.PlainLine? {
        pending == nil ? tokenizer.plainLine(columns, fieldCount: fieldCount) : nil
    }

    /// Moves past `line`, which `plainLine(_:)` just returned.
    @inline(__always)
    mutating func skip(_ line: CSVTokenizer.PlainLine) {
        tokenizer.skip(line)
    }

    /// The line the next record starts on (counted from 1 at the start of the range).
    var line: Int { tokenizer.line }
    /// The file offset of the first byte not yet split into records.
    var position: Int { tokenizer.position }
    /// True once a record held a quoted field: until then every line break ended a record.
    var sawQuotedField: Bool { tokenizer.sawQuotedField }
    /// The field delimiter, given or detected from the first line.
    var delimiter: UInt8 { tokenizer.delimiter }
    /// The size of the file, or nil when it has none (a pipe).
    var fileSize: Int? { tokenizer.fileSize }
}
