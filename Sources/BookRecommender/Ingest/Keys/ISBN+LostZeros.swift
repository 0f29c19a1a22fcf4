extension ISBN {
    /// What a value of the lost-zero shape is that `normalize` left invalid.
    enum LostZeros: Sendable, Equatable {
        /// Two restorations validate: the ISBN-13s of the zeros-only one
        /// (`60002492` → `0060002492`) and of the one with a final `X` (`060002492X`).
        case twoReadings(zeros: String, zerosAndX: String)
        /// None validates.
        case beyondRepair
    }

    /// For a value that `normalize` finds invalid: whether it lost leading
    /// zeros and two restorations fit it, or none does; nil when it is not of
    /// the lost-zero shape (7 to 9 characters, digits but for a final `X`).
    static func lostZeros(_ raw: String) -> LostZeros? {
        guard case .characters(let chars) = cleaned(raw), hasLostZeroShape(chars) else { return nil }
        let restored = lostZeroRestorations(chars)
        switch restored.count {
        case 0: return .beyondRepair
        case 2: return .twoReadings(zeros: isbn13(fromISBN10: restored[0]), zerosAndX: isbn13(fromISBN10: restored[1]))
        default: return nil
        }
    }

    /// True when `raw`, a valid ISBN as written, is ten characters with a
    /// leading `0` and a final `X` (`034545104X`, `"0-345-45104-x"`): a value
    /// that was never a number, so the file it is in kept such values whole
    /// and a number conversion there cannot have dropped an `X`.
    /// - Complexity: O(raw), without allocating.
    static func keepsLeadingZeroAndX(_ raw: String) -> Bool {
        var count = 0
        var first: UInt8 = 0
        var last: UInt8 = 0
        for byte in raw.utf8 where isDigit(byte) || byte | 0x20 == UInt8(ascii: "x") {
            if count == 0 { first = byte }
            last = byte
            count += 1
        }
        return count == 10 && first == UInt8(ascii: "0") && last | 0x20 == UInt8(ascii: "x")
    }
}
