/// ISBN normalisation and check digits (see `reference/isbn.md` §4–§5).
///
/// ISBNs stay strings throughout: parsing them as numbers is what damaged them.
package enum ISBN {
    /// What a raw ISBN field turned out to hold.
    package enum Normalized: Sendable, Equatable {
        /// A valid ISBN-13 (13 ASCII digits). `repaired` is true when it was
        /// rebuilt from a damaged value (lost leading zero or `X`, scientific
        /// notation): a lookup miss for it is not worth retrying.
        case isbn13(String, repaired: Bool)
        /// An Amazon ASIN (`B0` + 8 letters/digits), upper-cased.
        case asin(String)
        /// Something that is not a usable ISBN; `raw` is the input as given.
        case invalid(raw: String)
        /// Nothing there (`=""`, blanks), or a value whose digits were lost
        /// beyond repair (`9.78053E+12`).
        case empty

        /// The ISBN-13, when there is one.
        package var isbn13: String? {
            if case .isbn13(let value, _) = self { return value }
            return nil
        }
    }

    /// Normalises one raw ISBN field: formula wrappers, brackets and lists
    /// (the first valid value wins), labels, separators, qualifiers, one to
    /// three lost leading zeros (and a lost final `X`) when exactly one way of
    /// putting them back validates, scientific notation, ISBN-10 → ISBN-13,
    /// ASINs. A wrong check digit is never "fixed".
    package static func normalize(_ raw: String) -> Normalized {
        let unwrapped = unwrapFormula(raw)
        if unwrapped.isEmpty { return .empty }
        var inner = Substring(unwrapped)
        if inner.first == "[" && inner.last == "]" { inner = inner.dropFirst().dropLast() }
        let candidates = inner.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "|" })
        guard candidates.count > 1 else {
            let single = normalizeOne(String(inner))
            if case .invalid = single { return .invalid(raw: raw) }
            return single
        }
        var firstASIN: Normalized?
        var allEmpty = true
        for candidate in candidates {
            let result = normalizeOne(String(candidate))
            switch result {
            case .isbn13: return result
            case .asin: if firstASIN == nil { firstASIN = result }
            case .invalid: allEmpty = false
            case .empty: break
            }
        }
        if let firstASIN { return firstASIN }
        return allEmpty ? .empty : .invalid(raw: raw)
    }

    /// The ISBN-10 of a valid `978`-prefixed ISBN-13; nil for `979` (which
    /// has none) and for anything that is not a valid ISBN-13.
    static func isbn10(fromISBN13 isbn13: String) -> String? {
        let digits = Array(isbn13.utf8)
        guard digits.count == 13, isValidISBN13(digits), digits.starts(with: Array("978".utf8)) else { return nil }
        let body = Array(digits[3..<12])
        return String(decoding: body + [checkCharacter10(body)], as: UTF8.self)
    }

    /// The ISBN-13 of an ISBN-10 (which must be 10 valid characters).
    static func isbn13(fromISBN10 digits: [UInt8]) -> String {
        let body = Array("978".utf8) + digits[0..<9]
        return String(decoding: body + [checkDigit13(body)], as: UTF8.self)
    }

    /// True for 10 characters `[0-9]{9}[0-9X]` with a valid mod-11 check.
    static func isValidISBN10(_ chars: [UInt8]) -> Bool {
        guard chars.count == 10, chars[0..<9].allSatisfy(isDigit) else { return false }
        let last = chars[9]
        guard isDigit(last) || last == UInt8(ascii: "X") else { return false }
        return checkCharacter10(Array(chars[0..<9])) == last
    }

    /// True for 13 ASCII digits with a valid EAN-13 check digit.
    static func isValidISBN13(_ digits: [UInt8]) -> Bool {
        digits.count == 13 && digits.allSatisfy(isDigit) && checkDigit13(Array(digits[0..<12])) == digits[12]
    }

    /// The ISBN-10 check character (`0`–`9` or `X`) for nine digits.
    static func checkCharacter10(_ nine: [UInt8]) -> UInt8 {
        var sum = 0
        for (offset, digit) in nine.enumerated() { sum += (10 - offset) * Int(digit - UInt8(ascii: "0")) }
        let check = (11 - sum % 11) % 11
        return check == 10 ? UInt8(ascii: "X") : UInt8(ascii: "0") + UInt8(check)
    }

    /// The EAN-13 check digit for twelve digits.
    static func checkDigit13(_ twelve: [UInt8]) -> UInt8 {
        var sum = 0
        for (offset, digit) in twelve.enumerated() {
            sum += (offset % 2 == 0 ? 1 : 3) * Int(digit - UInt8(ascii: "0"))
        }
        return UInt8(ascii: "0") + UInt8((10 - sum % 10) % 10)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
