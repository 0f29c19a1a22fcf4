/// Reads numbers straight from field bytes, without making a String first.
enum CSVNumber {
    /// The decimal number in `bytes` (`4`, `3.75`, `-1`, `.5`; surrounding
    /// spaces allowed), or nil when they hold anything else. Exponent forms
    /// (`1e1`) go through `Float.init(_:)`; NaN and infinities are nil.
    /// - Complexity: O(bytes.count), no allocation for plain decimals.
    static func float(_ bytes: UnsafeBufferPointer<UInt8>) -> Float? {
        if bytes.count == 1 {
            let digit = bytes[0] &- UInt8(ascii: "0")
            return digit < 10 ? Float(digit) : nil
        }
        var index = 0
        var end = bytes.count
        while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
        while end > index, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard index < end else { return nil }
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var whole: Int = 0
        var digits = 0
        while index < end, let digit = digitValue(bytes[index]), digits < 15 {
            whole = whole * 10 + digit
            digits += 1
            index += 1
        }
        var fraction: Int = 0
        var scale: Int = 1
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, let digit = digitValue(bytes[index]), scale < 1_000_000_000 {
                fraction = fraction * 10 + digit
                scale *= 10
                digits += 1
                index += 1
            }
        }
        guard index == end, digits > 0 else { return slowPath(UnsafeBufferPointer(rebasing: bytes[start..<end])) }
        let value = Double(whole) + Double(fraction) / Double(scale)
        return Float(negative ? -value : value)
    }

    /// The whole number in `bytes` when it is at least 1 and fits a
    /// `UInt32` (`3`, `+3`, `007`), else nil: the count of a count column,
    /// read as `UInt32(_:)` reads text.
    /// - Complexity: O(bytes.count), no allocation.
    static func count(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        var index = bytes.first == UInt8(ascii: "+") ? 1 : 0
        guard index < bytes.count else { return nil }
        var value: UInt64 = 0
        while index < bytes.count {
            guard let digit = digitValue(bytes[index]) else { return nil }
            value = value * 10 + UInt64(digit)
            guard value <= UInt64(UInt32.max) else { return nil }
            index += 1
        }
        return value >= 1 ? UInt32(value) : nil
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte &- UInt8(ascii: "0")) : nil
    }

    private static func slowPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Float? {
        guard bytes.allSatisfy({ $0 < 0x80 }), let value = Float(String(decoding: bytes, as: UTF8.self)),
            value.isFinite
        else { return nil }
        return value
    }
}
