import Foundation

/// A streaming RFC 4180 reader over the bytes of one file.
///
/// Reads the file in fixed chunks (1 MiB by default) and splits it into
/// records: quoted fields may hold delimiters, doubled quotes and line breaks;
/// CRLF, LF and lone CR end lines; a UTF-8 BOM is skipped; blank lines are
/// skipped; the last line needs no line end. A record longer than a chunk grows
/// the buffer up to `maxRecordBytes`; a longer one comes out as a record with
/// `problem == .tooLong` and reading resumes after the next line feed.
///
/// What tools and spreadsheets write is read as they meant it: a quote after
/// blanks still opens a quoted field (` "Jr., Ross Lockridge"` in a padded
/// export), and so does a quote after `=` (Goodreads' bare `="0765312182"`);
/// a value wrapped once more inside its quotes (`"""034545104X"""`,
/// `"=""0141026162"""`) loses that wrapper. Other unquoted fields are taken
/// as they are; text after the closing quote of a quoted field is kept.
struct CSVTokenizer: ~Copyable {
    static let defaultChunkSize = 1 << 20
    static let defaultMaxRecordBytes = 64 << 20

    /// The path being read, for messages.
    let path: String
    /// The field delimiter, given or detected from the first line.
    private(set) var delimiter: UInt8
    private let delimiterGiven: Bool
    private let descriptor: Int32
    private let maxRecordBytes: Int
    private var capacity: Int
    /// False until the first read (which skips a BOM and detects the delimiter).
    var startedReading = false
    /// The file offset of the first byte the tokenizer reads, and of the byte
    /// it treats as the end of the file.
    private let rangeStart: Int
    private let rangeEnd: Int
    /// The file offset of the next byte to read.
    private var fileOffset: Int
    /// The line the next record starts on (line breaks are counted as the
    /// records are split: CRLF, LF and lone CR each count once).
    var line = 1
    /// The file offset of the first byte not yet split into records.
    var position: Int { fileOffset - (end - start) }
    /// The size of the file, or nil when it has none (a pipe) or it cannot be found.
    var fileSize: Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(status.st_size)
    }
    /// True once a field that starts with a double quote has been scanned:
    /// until then every line break seen ended a record.
    var sawQuotedField = false
    // Buffer state shared with the byte loop in `CSVTokenizer+Scan.swift`:
    // bytes `start..<end` of `buffer` are read but not yet tokenized.
    var buffer: UnsafeMutablePointer<UInt8>
    var start = 0
    var end = 0
    var atEOF = false
    var spans: UnsafeMutablePointer<CSVRecord.Span>
    var spanCapacity = 64
    /// The raw bytes of the last record whose fields were unescaped in place.
    private var rawCopy: UnsafeMutablePointer<UInt8>
    private var rawCopyCapacity = 256

    /// Opens `path` for reading.
    /// - Parameters:
    ///   - delimiter: the field delimiter; nil detects it from the first line (see `CSVDialect`).
    ///   - chunkSize: bytes read per `read(2)` call (tests use small values).
    ///   - maxRecordBytes: the longest record accepted.
    ///   - range: the bytes of the file to read, as if they were the whole
    ///     file (a UTF-8 BOM is skipped only at offset 0); lines count from 1
    ///     at the range's start.
    /// - Throws: `IngestError.cannotRead` when the file cannot be opened.
    init(
        path: String, delimiter: UInt8? = nil, chunkSize: Int = defaultChunkSize,
        maxRecordBytes: Int = defaultMaxRecordBytes, range: Range<Int> = 0..<Int.max
    ) throws(IngestError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        self.path = path
        self.descriptor = descriptor
        self.rangeStart = range.lowerBound
        self.rangeEnd = range.upperBound
        self.fileOffset = range.lowerBound
        self.delimiter = delimiter ?? CSVDialect.comma
        self.delimiterGiven = delimiter != nil
        self.maxRecordBytes = max(maxRecordBytes, 4)
        self.capacity = max(4, min(chunkSize, self.maxRecordBytes))
        self.buffer = .allocate(capacity: capacity)
        self.spans = .allocate(capacity: spanCapacity)
        self.rawCopy = .allocate(capacity: rawCopyCapacity)
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
        spans.deallocate()
        rawCopy.deallocate()
    }

    /// The next non-blank record, or nil at the end of the file. The record is
    /// valid until the next call.
    /// - Throws: `IngestError.cannotRead` when reading the file fails.
    mutating func next() throws(IngestError) -> CSVRecord? {
        if !startedReading { try begin() }
        while true {
            if start == end && atEOF { return nil }
            let recordLine = line
            switch scan() {
            case .record(let contentEnd, let next, let lineBreaks, let fieldCount, let escaped):
                let recordStart = start
                start = next
                line += lineBreaks
                if fieldCount == 1 && contentEnd == recordStart { continue }
                var raw = UnsafeBufferPointer(start: buffer + recordStart, count: contentEnd - recordStart)
                if escaped {
                    raw = keepRawCopy(of: raw)
                    unescapeMarkedSpans(count: fieldCount)
                }
                return CSVRecord(
                    line: recordLine, problem: nil, base: buffer, spans: spans, count: fieldCount, raw: raw)
            case .unterminated:
                let recordStart = start
                start = end
                return CSVRecord(
                    line: recordLine, problem: .unterminatedQuote, base: buffer, spans: spans, count: 0,
                    raw: UnsafeBufferPointer(start: buffer + recordStart, count: end - recordStart))
            case .needMore:
                if let tooLong = try makeRoom() { return tooLong }
            }
        }
    }

    private mutating func begin() throws(IngestError) {
        startedReading = true
        try fill()
        if rangeStart == 0 && end >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { start = 3 }
        if !delimiterGiven {
            delimiter = CSVDialect.detectDelimiter(in: UnsafeBufferPointer(start: buffer + start, count: end - start))
        }
    }

    /// Reads until the buffer is full or the file ends.
    private mutating func fill() throws(IngestError) {
        while end < capacity && !atEOF {
            let wanted = min(capacity - end, rangeEnd - fileOffset)
            // The whole file is read with read(2), so pipes work; a range needs pread(2).
            let count =
                wanted == 0
                ? 0
                : rangeStart == 0 && rangeEnd == Int.max
                    ? read(descriptor, buffer + end, wanted)
                    : pread(descriptor, buffer + end, wanted, off_t(fileOffset))
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 {
                atEOF = true
            } else {
                end += count
                fileOffset += count
            }
        }
    }

    /// Moves the unfinished record to the front, grows the buffer when the
    /// record fills it, and reads more. Returns a `.tooLong` record when the
    /// record cannot grow any more.
    private mutating func makeRoom() throws(IngestError) -> CSVRecord? {
        let pending = end - start
        if start > 0 {
            memmove(buffer, buffer + start, pending)
            start = 0
            end = pending
        }
        if pending == capacity {
            if capacity >= maxRecordBytes { return try skipOverlongRecord() }
            let grown = min(capacity * 2, maxRecordBytes)
            let newBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            newBuffer.moveInitialize(from: buffer, count: pending)
            buffer.deallocate()
            buffer = newBuffer
            capacity = grown
        }
        try fill()
        return nil
    }

    /// Drops the overlong record up to and including the next line feed and
    /// returns a record that reports it (its raw text is its first 200 bytes).
    private mutating func skipOverlongRecord() throws(IngestError) -> CSVRecord {
        let recordLine = line
        let preview = keepRawCopy(of: UnsafeBufferPointer(start: buffer, count: min(200, end)))
        for index in 0..<end where buffer[index] == CSVDialect.lineFeed { line += 1 }
        start = 0
        end = 0
        while !atEOF {
            try fill()
            if let newline = (0..<end).first(where: { buffer[$0] == CSVDialect.lineFeed }) {
                line += 1
                start = newline + 1
                break
            }
            end = 0
        }
        return CSVRecord(
            line: recordLine, problem: .tooLong(limit: maxRecordBytes), base: buffer, spans: spans, count: 0,
            raw: preview)
    }

    /// Copies `raw` aside (before unescaping rewrites it) and returns the copy.
    private mutating func keepRawCopy(of raw: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        if raw.count > rawCopyCapacity {
            rawCopy.deallocate()
            rawCopyCapacity = raw.count
            rawCopy = .allocate(capacity: rawCopyCapacity)
        }
        if let source = raw.baseAddress { rawCopy.update(from: source, count: raw.count) }
        return UnsafeBufferPointer(start: rawCopy, count: raw.count)
    }
}
