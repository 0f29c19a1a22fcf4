// The byte loop of `CSVTokenizer`: finds one record's fields in the buffer.

extension CSVTokenizer {
    enum ScanResult {
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
    mutating func scan() -> ScanResult {
        let quote = CSVDialect.quote
        let lineFeed = CSVDialect.lineFeed
        let carriageReturn = CSVDialect.carriageReturn
        let space = UInt8(ascii: " ")
        let tab = CSVDialect.tab
        let equals = UInt8(ascii: "=")
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
            // A quoted field may follow blanks (` "Jr., Ross"` in a padded
            // export) or a spreadsheet's `=` (`="0765312182"`): both are dropped.
            var opening = index
            while opening < end && (bytes[opening] == space || (bytes[opening] == tab && delimiter != tab)) {
                opening += 1
            }
            if opening < end && bytes[opening] == equals {
                if opening + 1 >= end && !atEOF { return .needMore }
                if opening + 1 < end && bytes[opening + 1] == quote { opening += 1 }
            }
            if opening >= end && !atEOF { return .needMore }
            if opening < end && bytes[opening] == quote {
                index = opening
                sawQuotedField = true
                var cursor = index + 1
                var needsUnescape = false
                while true {
                    guard cursor < end else { return atEOF ? .unterminated : .needMore }
                    let byte = bytes[cursor]
                    if byte == quote {
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
    /// doubled quotes collapsed, text after the closing quote kept, and then
    /// one spreadsheet wrapper around the whole value dropped (`"""X"""` and
    /// `"=""X"""` give `X`, not `"X"` or `="X"`).
    mutating func unescapeMarkedSpans(count: Int) {
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
            spans[position] = unwrapped(CSVRecord.Span(start: rawStart, end: write))
        }
    }

    /// `span` without a wrapper `"X"` or `="X"` around its whole value (X
    /// holding no quote, trailing blanks allowed after it), else unchanged.
    private func unwrapped(_ span: CSVRecord.Span) -> CSVRecord.Span {
        let quote = CSVDialect.quote
        var last = span.end - 1
        while last > span.start && (buffer[last] == UInt8(ascii: " ") || buffer[last] == CSVDialect.tab) { last -= 1 }
        var first = span.start
        if first < last && buffer[first] == UInt8(ascii: "=") { first += 1 }
        guard first < last, buffer[first] == quote, buffer[last] == quote,
            !(first + 1..<last).contains(where: { buffer[$0] == quote })
        else { return span }
        return CSVRecord.Span(start: first + 1, end: last)
    }
}
