/// A small binary encoding for what a shard hands to `bookrec merge`
/// (`ReaderSummary+Compact`): `Varint` integers, one byte per flag
/// set, strings as a length and their UTF-8 bytes. A merge reads tens of
/// thousands of records per part, which `JSONDecoder` took about a second
/// for; this reads them in milliseconds.
struct CompactWriter {
    private(set) var bytes: [UInt8]

    /// A writer whose bytes start with `header`.
    init(header: [UInt8] = []) {
        bytes = header
    }

    /// A count, size or rank: never negative.
    mutating func integer(_ value: Int) {
        precondition(value >= 0, "a negative count")
        integer(UInt64(value))
    }

    private mutating func integer(_ value: UInt64) {
        Varint.append(value, to: &bytes)
    }

    /// A signed integer, zigzag-encoded so that small negative ones stay short.
    mutating func signed(_ value: Int64) {
        let zigzag = UInt64(bitPattern: (value << 1) ^ (value >> 63))
        integer(zigzag)
    }

    /// Up to eight flags in one byte, the first in the lowest bit.
    mutating func flags(_ values: Bool...) {
        var byte: UInt8 = 0
        for (bit, value) in values.enumerated() where value { byte |= 1 << bit }
        bytes.append(byte)
    }

    mutating func string(_ value: String) {
        integer(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }
}

/// Reads what `CompactWriter` wrote, never past the end: every failure is
/// `CompactDecoder.Failure`, which the caller turns into an error naming its file.
struct CompactDecoder {
    /// Why the bytes are not what was written.
    struct Failure: Error {
        var reason: String
    }

    private let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, from offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var atEnd: Bool { offset == bytes.count }

    /// A non-negative integer no larger than `limit`.
    mutating func integer(upTo limit: Int = Int(Int32.max)) throws(Failure) -> Int {
        let value = try unsigned()
        guard value <= UInt64(limit) else { throw Failure(reason: "a number is out of range") }
        return Int(value)
    }

    /// What `CompactWriter.signed` wrote.
    mutating func signed() throws(Failure) -> Int64 {
        let zigzag = try unsigned()
        return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
    }

    private mutating func unsigned() throws(Failure) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw Failure(reason: "ends early") }
            let byte = bytes[offset]
            offset += 1
            // The tenth byte holds the 64th bit alone.
            guard shift < 63 || (shift == 63 && byte <= 1) else { throw Failure(reason: "a number is too long") }
            value |= UInt64(byte & 0x7f) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return value
    }

    /// `count` flags from one byte (see `CompactWriter.flags`).
    mutating func flags(_ count: Int) throws(Failure) -> [Bool] {
        guard offset < bytes.count else { throw Failure(reason: "ends early") }
        let byte = bytes[offset]
        offset += 1
        guard byte >> count == 0 else { throw Failure(reason: "unknown flags") }
        return (0..<count).map { byte & (1 << $0) != 0 }
    }

    mutating func string() throws(Failure) -> String {
        let count = try integer()
        guard count <= bytes.count - offset else { throw Failure(reason: "ends early") }
        let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
        offset += count
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw Failure(reason: "a text is not UTF-8")
        }
        return text
    }
}
