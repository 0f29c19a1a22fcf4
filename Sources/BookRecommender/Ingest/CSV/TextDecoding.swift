/// How a reader turns field bytes into text.
enum TextDecoding: Sendable, Equatable {
    /// UTF-8 only: a field with invalid UTF-8 cannot be decoded (the record is
    /// rejected with `RejectReason.invalidEncoding`).
    case utf8
    /// UTF-8, but a field that is not valid UTF-8 is read as Latin-1
    /// (ISO-8859-1) instead: Book-Crossing and LibraryThing exports need this.
    case utf8WithLatin1Fallback

    /// The text of `bytes`, or nil when they are not valid UTF-8 and this
    /// decoding has no fallback.
    func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if Self.isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        switch self {
        case .utf8: return nil
        case .utf8WithLatin1Fallback: return Self.latin1(bytes)
        }
    }

    /// True when `decode(_:)` can read `bytes`.
    func canDecode(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        self == .utf8WithLatin1Fallback || Self.isASCII(bytes) || String(validating: bytes, as: UTF8.self) != nil
    }

    /// Text for messages and `rejects.csv`: UTF-8 with invalid bytes replaced by U+FFFD.
    static func lossy(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// True when every byte is below 0x80 (checked eight bytes at a time).
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            if UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                return false
            }
            index += 8
        }
        while index < count {
            if base[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// Every byte as the Unicode scalar of the same value.
    static func latin1(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(bytes.count)
        for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
        return String(scalars)
    }
}
