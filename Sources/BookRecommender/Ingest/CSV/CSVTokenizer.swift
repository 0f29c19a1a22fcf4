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
/// Unquoted fields are taken as they are, quotes included (Goodreads' bare
/// `="0765312182"`); text after the closing quote of a quoted field is kept.
public struct CSVTokenizer: ~Copyable {
    public static let defaultChunkSize = 1 << 20
    public static let defaultMaxRecordBytes = 64 << 20

    /// The path being read, for messages.
    public let path: String
    /// The field delimiter, given or detected from the first line.
    public private(set) var delimiter: UInt8
    private let delimiterGiven: Bool
    private let descriptor: Int32
    private let maxRecordBytes: Int
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var start = 0
    private var end = 0
    private var atEOF = false
    private var startedReading = false
    private var line = 1
    private var spans: UnsafeMutablePointer<CSVRecord.Span>
    private var spanCapacity = 64

    /// Opens `path` for reading.
    /// - Parameters:
    ///   - delimiter: the field delimiter; nil detects it from the first line (see `CSVDialect`).
    ///   - chunkSize: bytes read per `read(2)` call (tests use small values).
    ///   - maxRecordBytes: the longest record accepted.
    /// - Throws: `IngestError.cannotRead` when the file cannot be opened.
    public init(
        path: String, delimiter: UInt8? = nil, chunkSize: Int = defaultChunkSize,
        maxRecordBytes: Int = defaultMaxRecordBytes
    ) throws(IngestError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        self.path = path
        self.descriptor = descriptor
        self.delimiter = delimiter ?? CSVDialect.comma
        self.delimiterGiven = delimiter != nil
        self.maxRecordBytes = max(maxRecordBytes, 4)
        self.capacity = max(4, min(chunkSize, self.maxRecordBytes))
        self.buffer = .allocate(capacity: capacity)
        self.spans = .allocate(capacity: spanCapacity)
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
        spans.deallocate()
    }

    /// The next non-blank record, or nil at the end of the file. The record is
    /// valid until the next call.
    /// - Throws: `IngestError.cannotRead` when reading the file fails.
    public mutating func next() throws(IngestError) -> CSVRecord? {
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
                var saved: String?
                if escaped {
                    saved = TextDecoding.lossy(
                        UnsafeBufferPointer(start: buffer + recordStart, count: contentEnd - recordStart))
                    unescapeMarkedSpans(count: fieldCount)
                }
                return CSVRecord(
                    line: recordLine, problem: nil, base: buffer, spans: spans, count: fieldCount,
                    rawRange: recordStart..<contentEnd, savedRawText: saved)
            case .unterminated:
                let recordStart = start
                start = end
                return CSVRecord(
                    line: recordLine, problem: .unterminatedQuote, base: buffer, spans: spans, count: 0,
                    rawRange: recordStart..<end, savedRawText: nil)
            case .needMore:
                if let tooLong = try makeRoom() { return tooLong }
            }
        }
    }

    private mutating func begin() throws(IngestError) {
        startedReading = true
        try fill()
        if end >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { start = 3 }
        if !delimiterGiven {
            delimiter = CSVDialect.detectDelimiter(in: UnsafeBufferPointer(start: buffer + start, count: end - start))
        }
    }

    /// Reads until the buffer is full or the file ends.
    private mutating func fill() throws(IngestError) {
        while end < capacity && !atEOF {
            let count = read(descriptor, buffer + end, capacity - end)
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { atEOF = true } else { end += count }
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
    /// returns a record that reports it (its raw text is the first 200 bytes).
    private mutating func skipOverlongRecord() throws(IngestError) -> CSVRecord {
        let recordLine = line
        let preview = TextDecoding.lossy(UnsafeBufferPointer(start: buffer, count: min(200, end))) + "…"
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
            rawRange: 0..<0, savedRawText: preview)
    }

    private enum ScanResult {
        /// A whole record: where its text ends, where the next one starts, how
        /// many line ends it spans, its field count, whether a field needs unescaping.
        case record(contentEnd: Int, next: Int, lineBreaks: Int, fieldCount: Int, escaped: Bool)
        /// The record runs past the buffered bytes.
        case needMore
        /// A quoted field is open at the end of the file.
        case unterminated
    }

    /// Splits the record at `start` into `spans`. Fields that need unescaping
    /// get a negative `start` (their raw start, bit-inverted), fixed by `unescapeMarkedSpans`.
    /// - Complexity: O(record length).
    private mutating func scan() -> ScanResult {
        let quote = CSVDialect.quote
        let lineFeed = CSVDialect.lineFeed
        let carriageReturn = CSVDialect.carriageReturn
        let delimiter = self.delimiter
        let bytes = buffer
        let end = self.end
        let atEOF = self.atEOF
        var index = start
        var fieldCount = 0
        var lineBreaks = 0
        var escaped = false
        while true {
            var span: CSVRecord.Span
            if index < end && bytes[index] == quote {
                var cursor = index + 1
                var needsUnescape = false
                while true {
                    guard cursor < end else { return atEOF ? .unterminated : .needMore }
                    let byte = bytes[cursor]
                    if byte == quote {
                        if cursor + 1 >= end && !atEOF { return .needMore }
                        if cursor + 1 < end && bytes[cursor + 1] == quote {
                            needsUnescape = true
                            cursor += 2
                            continue
                        }
                        cursor += 1
                        break
                    }
                    if byte == lineFeed {
                        lineBreaks += 1
                    } else if byte == carriageReturn {
                        if cursor + 1 >= end && !atEOF { return .needMore }
                        if cursor + 1 >= end || bytes[cursor + 1] != lineFeed { lineBreaks += 1 }
                    }
                    cursor += 1
                }
                let closing = cursor
                while cursor < end, bytes[cursor] != delimiter, bytes[cursor] != lineFeed,
                    bytes[cursor] != carriageReturn
                {
                    cursor += 1
                }
                if cursor >= end && !atEOF { return .needMore }
                if cursor > closing { needsUnescape = true }
                if needsUnescape {
                    span = CSVRecord.Span(start: ~index, end: cursor)
                    escaped = true
                } else {
                    span = CSVRecord.Span(start: index + 1, end: closing - 1)
                }
                index = cursor
            } else {
                var cursor = index
                while cursor < end {
                    let byte = bytes[cursor]
                    if byte == delimiter || byte == lineFeed || byte == carriageReturn { break }
                    cursor += 1
                }
                if cursor >= end && !atEOF { return .needMore }
                span = CSVRecord.Span(start: index, end: cursor)
                index = cursor
            }
            appendSpan(span, at: fieldCount)
            fieldCount += 1
            guard index < end else {
                return .record(
                    contentEnd: index, next: index, lineBreaks: lineBreaks, fieldCount: fieldCount, escaped: escaped)
            }
            let byte = bytes[index]
            if byte == delimiter {
                index += 1
                continue
            }
            let contentEnd = index
            if byte == carriageReturn {
                if index + 1 >= end && !atEOF { return .needMore }
                index += index + 1 < end && bytes[index + 1] == lineFeed ? 2 : 1
            } else {
                index += 1
            }
            return .record(
                contentEnd: contentEnd, next: index, lineBreaks: lineBreaks + 1, fieldCount: fieldCount,
                escaped: escaped)
        }
    }

    private mutating func appendSpan(_ span: CSVRecord.Span, at position: Int) {
        if position == spanCapacity {
            let grown = UnsafeMutablePointer<CSVRecord.Span>.allocate(capacity: spanCapacity * 2)
            grown.moveInitialize(from: spans, count: spanCapacity)
            spans.deallocate()
            spans = grown
            spanCapacity *= 2
        }
        (spans + position).initialize(to: span)
    }

    /// Rewrites each marked quoted field in place: outer quotes dropped,
    /// doubled quotes collapsed, text after the closing quote kept.
    private mutating func unescapeMarkedSpans(count: Int) {
        let quote = CSVDialect.quote
        for position in 0..<count where spans[position].start < 0 {
            let rawStart = ~spans[position].start
            let rawEnd = spans[position].end
            var write = rawStart
            var read = rawStart + 1
            var inQuotes = true
            while read < rawEnd {
                let byte = buffer[read]
                if inQuotes && byte == quote {
                    if read + 1 < rawEnd && buffer[read + 1] == quote {
                        buffer[write] = quote
                        write += 1
                        read += 2
                    } else {
                        inQuotes = false
                        read += 1
                    }
                    continue
                }
                buffer[write] = byte
                write += 1
                read += 1
            }
            spans[position] = CSVRecord.Span(start: rawStart, end: write)
        }
    }
}
