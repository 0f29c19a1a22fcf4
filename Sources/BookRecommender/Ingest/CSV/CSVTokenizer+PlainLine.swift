// The fast path of `CSVTokenizer` for the common line: no quote, no carriage
// return, the right field count, and all of it already in the buffer.

extension CSVTokenizer {
    /// One field of a plain line, as it stands (untrimmed).
    struct PlainField {
        var bytes: UnsafeBufferPointer<UInt8>
        /// The field's value when it is 1 to 7 ASCII digits (leading zeros
        /// allowed), else -1.
        var digits: Int
    }

    /// Three fields of a plain line, found by `plainLine(_:fieldCount:)`.
    struct PlainLine {
        var first: PlainField
        var second: PlainField
        var third: PlainField
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
        // The current field's digits so far, and whether it has only digits.
        var value = 0
        var allDigits = true
        let none = PlainField(bytes: UnsafeBufferPointer(start: nil, count: 0), digits: -1)
        var fields = (none, none, none)
        while true {
            guard index < end else { return nil }
            let byte = bytes[index]
            if byte == delimiter || byte == lineFeed {
                let count = index - fieldStart
                let found = PlainField(
                    bytes: UnsafeBufferPointer(start: bytes + fieldStart, count: count),
                    digits: allDigits && count >= 1 && count <= 7 ? value : -1)
                if field == columns.0 { fields.0 = found }
                if field == columns.1 { fields.1 = found }
                if field == columns.2 { fields.2 = found }
                if byte == lineFeed { break }
                field += 1
                fieldStart = index + 1
                value = 0
                allDigits = true
            } else if byte == quote || byte == carriageReturn {
                return nil
            } else {
                let digit = byte &- UInt8(ascii: "0")
                allDigits = allDigits && digit < 10
                value = value &* 10 &+ Int(digit)
            }
            index += 1
        }
        guard index > lineStart, field + 1 == fieldCount else { return nil }
        return PlainLine(first: fields.0, second: fields.1, third: fields.2, next: index + 1)
    }

    /// Moves past `line`, which `plainLine(_:fieldCount:)` just returned.
    @inline(__always)
    mutating func skip(_ line: PlainLine) {
        start = line.next
        self.line += 1
    }
}
