extension ISBN {
    /// Characters trimmed from both ends of a raw value.
    private static func isPadding(_ character: Character) -> Bool {
        character == " " || character == "\t" || character == "\u{00A0}" || character == "\r" || character == "\n"
    }

    /// Step 1 and trimming: `="0439023483"`, `"=""0439023483"""`,
    /// `=""0439023483""` and ` 0439023483 ` all give `0439023483`.
    static func unwrapFormula(_ raw: String) -> Substring {
        var text = Substring(raw)
        while let first = text.first, isPadding(first) || first == "=" || first == "\"" { text = text.dropFirst() }
        while let last = text.last, isPadding(last) || last == "\"" { text = text.dropLast() }
        return text
    }

    /// Normalises one value (no list): qualifiers, number damage, labels,
    /// separators, then classification by length.
    static func normalizeOne(_ value: String) -> Normalized {
        switch cleaned(value) {
        case .done(let normalized): normalized
        case .characters(let chars): classify(chars, raw: value)
        }
    }

    /// What `normalizeOne` makes of a value before it classifies it by length.
    enum Cleaned {
        /// The value needs no classifying: empty, not ASCII, scientific notation.
        case done(Normalized)
        /// Upper-cased ASCII without wrappers, qualifiers, separators, a `.0` or a label.
        case characters([UInt8])
    }

    static func cleaned(_ value: String) -> Cleaned {
        var text = unwrapFormula(value)
        if let parenthesis = text.firstIndex(of: "(") { text = text[..<parenthesis] }
        text = unwrapFormula(String(text))
        if text.isEmpty { return .done(.empty) }
        guard text.unicodeScalars.allSatisfy({ $0.isASCII || $0 == "\u{00A0}" }) else {
            return .done(.invalid(raw: value))
        }
        var chars = Array(text.utf8).filter { !isSeparator($0) }
        chars = chars.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 32 : $0 }
        if let scientific = expandScientific(Substring(String(decoding: chars, as: UTF8.self))) {
            return .done(scientific)
        }
        if let dot = chars.firstIndex(of: UInt8(ascii: ".")), chars.count - dot > 1,
            chars[(dot + 1)...].allSatisfy({ $0 == UInt8(ascii: "0") })
        {
            chars.removeSubrange(dot...)
        }
        chars.removeAll { $0 == UInt8(ascii: ".") }
        return .characters(stripLabel(chars))
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "\t")
            || byte == 0xC2 || byte == 0xA0
    }

    /// Drops `ISBN`, `ISBN:`, `ISBN13:`, `ISBN-10`-style prefixes (hyphens
    /// and spaces are already gone).
    private static func stripLabel(_ chars: [UInt8]) -> [UInt8] {
        guard chars.starts(with: Array("ISBN".utf8)) else { return chars }
        var rest = chars.dropFirst(4)
        let hasLengthLabel = rest.starts(with: Array("13".utf8)) || rest.starts(with: Array("10".utf8))
        if hasLengthLabel && (rest.dropFirst(2).first == UInt8(ascii: ":") || [12, 15].contains(rest.count)) {
            rest = rest.dropFirst(2)
        }
        if rest.first == UInt8(ascii: ":") { rest = rest.dropFirst() }
        return Array(rest)
    }

    private static func classify(_ chars: [UInt8], raw: String) -> Normalized {
        switch chars.count {
        case 13
        where isValidISBN13(chars) && (chars.starts(with: Array("978".utf8)) || chars.starts(with: Array("979".utf8))):
            return .isbn13(String(decoding: chars, as: UTF8.self), repaired: false)
        case 10 where isValidISBN10(chars):
            return .isbn13(isbn13(fromISBN10: chars), repaired: false)
        case 10 where chars.starts(with: Array("B0".utf8)) && chars.allSatisfy(isUpperAlphanumeric):
            return .asin(String(decoding: chars, as: UTF8.self))
        case 7...9 where hasLostZeroShape(chars):
            let restored = lostZeroRestorations(chars)
            return restored.count == 1 ? .isbn13(isbn13(fromISBN10: restored[0]), repaired: true) : .invalid(raw: raw)
        default:
            return .invalid(raw: raw)
        }
    }

    static let X = UInt8(ascii: "X")

    /// True for 7 to 9 characters, digits but for a final `X`: what an
    /// ISBN-10 can be once a number conversion dropped leading zeros.
    static func hasLostZeroShape(_ chars: [UInt8]) -> Bool {
        (7...9).contains(chars.count) && chars.dropLast().allSatisfy(isDigit)
            && (isDigit(chars[chars.count - 1]) || chars.last == X)
    }

    /// The ISBN-10s that `chars` (of `hasLostZeroShape`) may have been before a
    /// number conversion dropped its one to three leading zeros, and with them
    /// a final `X` when `chars` are all digits (`38549081` for `038549081X`):
    /// those that validate, the zeros-only one first. `normalize` takes the one
    /// restoration that validates; two (1 in 11 short keys) are left to
    /// `LostZeroKeys`, which chooses with the evidence of the file and the run.
    static func lostZeroRestorations(_ chars: [UInt8]) -> [[UInt8]] {
        let zeros = { (count: Int) in [UInt8](repeating: UInt8(ascii: "0"), count: count) }
        var candidates = [zeros(10 - chars.count) + chars]
        if chars.count < 9 && chars.allSatisfy(isDigit) { candidates.append(zeros(9 - chars.count) + chars + [X]) }
        return candidates.filter(isValidISBN10)
    }

    private static func isUpperAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// Scientific notation (`9.78043902348e+12`), or nil when `text` is not.
    ///
    /// Twelve significant digits are the ISBN-13 rounded to tens (half to
    /// even, as `printf` does), so the first twelve digits are either the
    /// mantissa (rounded down) or the mantissa minus one (rounded up). The
    /// repair is made only when exactly one of the two is consistent with its
    /// own check digit; an ambiguous value, or one with fewer digits
    /// (`9.78053E+12`), is beyond repair (`.empty`).
    private static func expandScientific(_ text: Substring) -> Normalized? {
        let parts = text.split(separator: "E", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        var exponentText = parts[1]
        if exponentText.first == "+" { exponentText = exponentText.dropFirst() }
        let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard let exponent = Int(exponentText), exponentText.utf8.allSatisfy(isDigit), mantissa.count <= 2,
            mantissa[0].count == 1, mantissa.allSatisfy({ $0.utf8.allSatisfy(isDigit) })
        else { return nil }
        let digits = Array(mantissa.joined().utf8)
        guard exponent == 12 else { return .invalid(raw: String(text)) }
        switch digits.count {
        case 13: return classify(digits, raw: String(text))
        case 12: break
        case 0..<12: return .empty
        default: return .invalid(raw: String(text))
        }
        var candidates: [[UInt8]] = []
        let roundedDown = digits + [checkDigit13(digits)]
        if !roundsUp(roundedDown) { candidates.append(roundedDown) }
        if let lower = decrement(digits) {
            let roundedUp = lower + [checkDigit13(lower)]
            if roundsUp(roundedUp) { candidates.append(roundedUp) }
        }
        let isbns = candidates.filter { $0.starts(with: Array("978".utf8)) || $0.starts(with: Array("979".utf8)) }
        guard isbns.count == 1 else { return .empty }
        return .isbn13(String(decoding: isbns[0], as: UTF8.self), repaired: true)
    }

    /// True when `scientific` (`9.78006112008e+12`, `9.78159448e+12`) is
    /// what formatting to twelve significant digits makes of `isbn13`: a
    /// confirmation for a guess made from another damaged value.
    static func scientific(_ scientific: String, matches isbn13: String) -> Bool {
        let parts = scientific.uppercased().split(separator: "E")
        guard parts.count == 2, Int(parts[1].drop { $0 == "+" }) == 12 else { return false }
        var mantissa = Array(parts[0].filter { $0 != "." }.utf8)
        guard (1...12).contains(mantissa.count), mantissa.allSatisfy(isDigit) else { return false }
        mantissa += Array(repeating: UInt8(ascii: "0"), count: 12 - mantissa.count)
        let digits = Array(isbn13.utf8)
        guard digits.count == 13, digits.allSatisfy(isDigit) else { return false }
        if roundsUp(digits) { return decrement(mantissa) == Array(digits[0..<12]) }
        return mantissa == Array(digits[0..<12])
    }

    /// True when thirteen digits, rounded half to even to twelve, round up.
    private static func roundsUp(_ digits: [UInt8]) -> Bool {
        let last = digits[12]
        let twelfthIsOdd = (digits[11] - UInt8(ascii: "0")) % 2 == 1
        return last > UInt8(ascii: "5") || (last == UInt8(ascii: "5") && twelfthIsOdd)
    }

    /// The decimal digits of one less than `digits`, or nil below zero.
    private static func decrement(_ digits: [UInt8]) -> [UInt8]? {
        var result = digits
        var index = result.count - 1
        while index >= 0 {
            if result[index] > UInt8(ascii: "0") {
                result[index] -= 1
                return result
            }
            result[index] = UInt8(ascii: "9")
            index -= 1
        }
        return nil
    }
}
