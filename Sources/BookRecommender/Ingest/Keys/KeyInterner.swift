/// Gives each distinct key (user id or item key) a dense index in the order
/// keys are first seen.
///
/// Most rating files name users and books by small numbers, and hashing a
/// `String` per record costs more than the rest of ingest, so a key that is a
/// plain decimal number (1 to 7 digits, no sign, no leading zero, below
/// `numberLimit`) is looked up in an array indexed by its value instead. Any
/// other key goes through a dictionary. Which path a key takes depends only on
/// its text, so indices are the same either way.
struct KeyInterner {
    /// Numbers at or above this go through the dictionary, which bounds the
    /// array at 16 MB.
    static let numberLimit = 1 << 22

    /// Per number: its index, or -1.
    private var byNumber: [Int32] = []
    private var byText: [String: Int32] = [:]
    /// How many keys have an index.
    private(set) var count = 0

    /// The index of `key`, giving it the next one when it is new.
    /// - Complexity: O(key length), amortised.
    mutating func index(of key: String) -> (index: Int32, isNew: Bool) {
        if let number = Self.number(key) {
            if number >= byNumber.count {
                byNumber.append(
                    contentsOf: repeatElement(-1, count: max(number + 1, 2 * byNumber.count) - byNumber.count))
            }
            if byNumber[number] >= 0 { return (byNumber[number], false) }
            byNumber[number] = Int32(count)
        } else {
            if let known = byText[key] { return (known, false) }
            byText[key] = Int32(count)
        }
        count += 1
        return (Int32(count - 1), true)
    }

    /// Forgets `keys`, the newest ones (indices `count` and up), so that the
    /// next new key gets index `count` again.
    mutating func forget(_ keys: some Sequence<String>, downTo count: Int) {
        for key in keys {
            if let number = Self.number(key) {
                byNumber[number] = -1
            } else {
                byText[key] = nil
            }
        }
        self.count = count
    }

    /// The index of the key whose UTF-8 text is `bytes`, if it has one; makes
    /// no `String` for a number key.
    /// - Complexity: O(bytes.count).
    @inline(__always)
    func index(ofKnown bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        if let number = Self.number(bytes) { return index(ofKnownNumber: number) }
        return TextDecoding.utf8.decode(bytes).flatMap { byText[$0] }
    }

    /// The index of `key`, if it has one.
    func index(ofKnownText key: String) -> Int32? {
        if let number = Self.number(key) { return index(ofKnownNumber: number) }
        return byText[key]
    }

    /// `index(ofKnown:)` for a plain-line field (see `CSVTokenizer.PlainField`),
    /// trimmed of blanks first: its digits' value, when it has one, spares
    /// reading them again.
    @inline(__always)
    func index(ofKnown field: CSVTokenizer.PlainField) -> Int32? {
        let bytes = field.bytes
        guard field.digits >= 0, field.digits < Self.numberLimit, bytes.count == 1 || bytes[0] != UInt8(ascii: "0")
        else { return index(ofKnown: CSVRecord.trimmed(bytes)) }
        return index(ofKnownNumber: field.digits)
    }

    /// The index of the number key `number` (below `numberLimit`), if it has one.
    @inline(__always)
    private func index(ofKnownNumber number: Int) -> Int32? {
        guard number < byNumber.count else { return nil }
        let index = byNumber[number]
        return index >= 0 ? index : nil
    }

    /// The value of a canonical decimal key below `numberLimit`, else nil.
    static func number(_ key: String) -> Int? { number(key.utf8) }

    /// The value of the canonical decimal key spelled by `bytes` below `numberLimit`, else nil.
    @inline(__always)
    static func number(_ bytes: some Collection<UInt8>) -> Int? {
        guard (1...7).contains(bytes.count), bytes.first != UInt8(ascii: "0") || bytes.count == 1 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value &* 10 &+ Int(byte &- UInt8(ascii: "0"))
        }
        return value < numberLimit ? value : nil
    }
}
