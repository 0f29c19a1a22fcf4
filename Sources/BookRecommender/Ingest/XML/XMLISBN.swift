/// The ISBN-13 (13 ASCII digits) that `raw` stands for, or nil when it is not
/// a valid ISBN-10 or ISBN-13.
///
/// Hyphens and spaces are dropped, a final `x` is read as `X`, an ISBN-10 is
/// converted to its `978` ISBN-13, and both check digits are verified; nothing
/// is repaired. The XML readers' stand-in for the shared ISBN normaliser.
func normalizedISBN13(_ raw: String) -> String? {
    let characters = raw.uppercased().filter { $0 != "-" && !$0.isWhitespace }
    guard characters.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "X") }) else { return nil }
    let digits = characters.compactMap { $0 == "X" ? 10 : $0.wholeNumberValue }
    switch digits.count {
    case 13:
        guard !characters.contains("X"), isbn13CheckDigit(digits.prefix(12)) == digits[12] else { return nil }
        return String(characters)
    case 10:
        guard !characters.dropLast().contains("X") else { return nil }
        let sum = digits.enumerated().reduce(0) { $0 + (10 - $1.offset) * $1.element }
        guard sum % 11 == 0 else { return nil }
        let body = [9, 7, 8] + digits.prefix(9)
        return (body + [isbn13CheckDigit(body[...])]).map(String.init).joined()
    default:
        return nil
    }
}

/// The EAN-13 check digit of twelve digits (weights 1, 3, 1, 3, …).
private func isbn13CheckDigit(_ twelve: ArraySlice<Int>) -> Int {
    let sum = twelve.enumerated().reduce(0) { $0 + ($1.offset.isMultiple(of: 2) ? 1 : 3) * $1.element }
    return (10 - sum % 10) % 10
}
