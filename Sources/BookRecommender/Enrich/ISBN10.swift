/// The ISBN-10 form of a 978-prefixed ISBN-13, for the second lookup.
///
/// Private to the enrich stage until the shared ISBN module lands.
enum ISBN10 {
    /// The ISBN-10 for `isbn13`, or `nil` when it is not 13 ASCII digits starting with 978
    /// (979 numbers have no ISBN-10).
    static func from(isbn13: String) -> String? {
        let digits = isbn13.utf8.map { Int($0) - 48 }
        guard digits.count == 13, digits.allSatisfy({ (0...9).contains($0) }), isbn13.hasPrefix("978") else {
            return nil
        }
        let body = digits[3..<12]
        let sum = body.enumerated().reduce(0) { total, pair in total + (10 - pair.offset) * pair.element }
        let check = (11 - sum % 11) % 11
        return body.map(String.init).joined() + (check == 10 ? "X" : String(check))
    }
}
