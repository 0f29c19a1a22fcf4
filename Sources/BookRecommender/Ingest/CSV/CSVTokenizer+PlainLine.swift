// The fast path of `CSVTokenizer` for the common line: no quote, no carriage
// return, the right field count, and all of it already in the buffer.

extension CSVTokenizer {
    /// Three fields of a plain line (untrimmed), found by `plainLine(_:fieldCount:)`.
    struct PlainLine {
        var first: UnsafeBufferPointer<UInt8>
        var second: UnsafeBufferPointer<UInt8>
        var third: UnsafeBufferPointer<UInt8>
        /// Where the line after it starts in the buffer.
        fileprivate let next: Int
    }

    /// The fields at `columns` of the next record when it is a plain line: it
    /// is already buffered, ends with a line feed, holds no double quote and no
    /// carriage return, is not blank and has `fieldCount` fields. Then
    /// `next()` would return the same fields as a record starting on `line`.
    /// Otherwise nil, and `next()` reads the record. Moves nothing: `skip(_:)` does.
    /// - Complexity: O(line length), one pass over its bytes.
    @inline(__always)
    func plainLine(_ columns: (Int, Int, Int), fieldCount: Int) -> PlainLine? {
        let quote = CSVDialect.quote
        let lineFeed = CSVDialect.lineFeed
        let carriageReturn = CSVDialect.carriageReturn
        let delimiter = self.delimiter
        guard startedReading, delimiter != quote, delimiter != carriageReturn, delimiter != lineFeed else { return nil }
        let bytes = buffer
        let end = self.end
        let lineStart = start
        var index = lineStart
        var field = 0
        var fieldStart = lineStart
        var spans = (
            CSVRecord.Span(start: 0, end: 0), CSVRecord.Span(start: 0, end: 0), CSVRecord.Span(start: 0, end: 0)
        )
        while true {
            guard index < end else { return nil }
            let byte = bytes[index]
            if byte == delimiter || byte == lineFeed {
                let span = CSVRecord.Span(start: fieldStart, end: index)
                if field == columns.0 { spans.0 = span }
                if field == columns.1 { spans.1 = span }
                if field == columns.2 { spans.2 = span }
                if byte == lineFeed { break }
                field += 1
                fieldStart = index + 1
            } else if byte == quote || byte == carriageReturn {
                return nil
            }
            index += 1
        }
        guard index > lineStart, field + 1 == fieldCount else { return nil }
        func slice(_ span: CSVRecord.Span) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: bytes + span.start, count: span.end - span.start)
        }
        return PlainLine(first: slice(spans.0), second: slice(spans.1), third: slice(spans.2), next: index + 1)
    }

    /// Moves past `line`, which `plainLine(_:fieldCount:)` just returned.
    @inline(__always)
    mutating func skip(_ line: PlainLine) {
        start = line.next
        self.line += 1
    }
}
