/// UTF-8 text built by appending bytes: what the reports are rendered into.
///
/// Appending to a `String`, or to an `Array`, costs more than the rendering
/// itself (growth checks, ASCII and count flags, small-string conversions on
/// every append); here an append is a bounds check and a copy into one
/// buffer that grows a few times per page and is then reused for the next.
/// Escaping is done once, into the bytes: strings without anything to escape
/// (most ids, keys and titles) are copied as they are.
///
/// A class, so that one buffer can be handed around and reused without
/// copies; each buffer belongs to one thread at a time.
final class TextBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The text as a `String`.
    var string: String { String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) }

    /// Calls `body` with the bytes written so far.
    func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(2 * capacity, count + extra)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }

    @inline(__always)
    private func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        let from = source.assumingMemoryBound(to: UInt8.self)
        // Most appends are a few bytes, which a loop copies faster than a call to memmove.
        if bytes.count <= 16 {
            for offset in 0..<bytes.count { base[count + offset] = from[offset] }
        } else {
            (base + count).update(from: from, count: bytes.count)
        }
        count += bytes.count
    }

    func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `text` as it is, unescaped.
    func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append(UnsafeRawBufferPointer($0)) }) == nil {
            for byte in text.utf8 { append(byte: byte) }
        }
    }

    func append(byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// A line break and `spaces` spaces.
    func append(newlineIndentedBy spaces: Int) {
        Self.indentation.withUTF8Buffer { line in
            if spaces < line.count {
                append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(line)[..<(spaces + 1)]))
            } else {
                append(byte: UInt8(ascii: "\n"))
                for _ in 0..<spaces { append(byte: UInt8(ascii: " ")) }
            }
        }
    }

    /// 10^0 to 10^12.
    private static let powersOfTen: [UInt64] = (0...12).map { exponent in
        (0..<exponent).reduce(1) { power, _ in power * 10 }
    }

    private static let indentation: StaticString = "\n                                "

    func removeAll() {
        count = 0
    }

    /// `pretty`, a JSON document as `JSONValue.text` prints it, without the
    /// whitespace between its tokens: the bytes of `JSONValue.compactText`
    /// (strings never hold a raw line break, and their spaces are kept).
    func append(compactJSONOf pretty: TextBuffer) {
        reserve(pretty.count)
        var inString = false, escaped = false
        for index in 0..<pretty.count {
            let byte = pretty.base[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") {
                continue
            }
            base[count] = byte
            count += 1
        }
    }

    /// `value` in decimal.
    func append(integer value: Int) {
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        append(digits: value.magnitude)
    }

    /// `value` in decimal, padded with zeros to at least `width` digits.
    private func append(digits value: UInt, width: Int = 1) {
        var length = 1
        var rest = value / 10
        while rest > 0 {
            length += 1
            rest /= 10
        }
        length = max(length, width)
        reserve(length)
        rest = value
        for offset in stride(from: length - 1, through: 0, by: -1) {
            base[count + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += length
    }

    /// `value` as `DecimalText.string` writes it; false (nothing appended) for NaN and infinities.
    @discardableResult
    func append(decimal value: Double, places: Int) -> Bool {
        guard value.isFinite else { return false }
        let places = min(max(places, 1), 12)
        let power = Self.powersOfTen[places]
        let scaled = (value * Double(power)).rounded(.toNearestOrAwayFromZero)
        // Below 2^53 every integer is exact, so the digits are too.
        guard abs(scaled) < 9_007_199_254_740_992 else {
            append(value.description)
            return true
        }
        let magnitude = Int64(scaled).magnitude
        if scaled < 0 { append(byte: UInt8(ascii: "-")) }
        append(digits: UInt(magnitude / power))
        append(byte: UInt8(ascii: "."))
        var fraction = magnitude % power
        var width = places
        while width > 1, fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        append(digits: UInt(fraction), width: width)
        return true
    }

    /// `text` escaped for HTML element text or a quoted attribute (see `HTMLEscape.text`).
    func append(html text: String) {
        let done = text.utf8.withContiguousStorageIfAvailable { bytes in
            let plain = bytes.allSatisfy { byte in
                byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<")
                    && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
            }
            if plain { append(UnsafeRawBufferPointer(bytes)) }
            return plain
        }
        if done != true { append(HTMLEscape.text(text)) }
    }

    /// `text` as a JSON string literal, quotes included. Swift strings hold
    /// only Unicode scalars (no lone surrogates), so escaping the C0
    /// controls, DEL, `"` and `\` is enough for valid JSON; U+2028 and
    /// U+2029 are escaped too so the text is also valid JavaScript.
    func append(json text: String) {
        append(json: text, after: "")
    }

    /// `prefix` (plain ASCII, nothing to escape) and `text` as one JSON string literal.
    func append(json text: String, after prefix: StaticString) {
        append(byte: UInt8(ascii: "\""))
        append(prefix)
        let done = text.utf8.withContiguousStorageIfAvailable { bytes in
            let plain = bytes.allSatisfy { byte in
                byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
            }
            if plain { append(UnsafeRawBufferPointer(bytes)) }
            return plain
        }
        if done != true {
            for scalar in text.unicodeScalars { append(jsonScalar: scalar) }
        }
        append(byte: UInt8(ascii: "\""))
    }

    private func append(jsonScalar scalar: Unicode.Scalar) {
        switch scalar {
        case "\"": append("\\\"")
        case "\\": append("\\\\")
        case "\n": append("\\n")
        case "\r": append("\\r")
        case "\t": append("\\t")
        case "\u{08}": append("\\b")
        case "\u{0C}": append("\\f")
        case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
            let hex = String(scalar.value, radix: 16)
            append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
        default: append(String(scalar))
        }
    }
}
