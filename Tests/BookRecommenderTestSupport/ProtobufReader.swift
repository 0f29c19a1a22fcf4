/// A problem in protobuf bytes, with the byte offset where it was found.
package enum ProtobufError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes end inside a key, a value, or a length-delimited payload.
    case truncated(offset: Int)
    /// A varint runs past ten bytes, or past 64 bits.
    case varintTooLong(offset: Int)
    /// A key names field 0 or a wire type this reader does not know (groups, 6, 7).
    case invalidKey(offset: Int, key: UInt64)
    /// A packed field's length is not a whole number of values.
    case badPackedLength(offset: Int, length: Int)

    package var description: String {
        switch self {
        case .truncated(let offset): "protobuf: bytes end early at offset \(offset)"
        case .varintTooLong(let offset): "protobuf: varint at offset \(offset) is longer than 64 bits"
        case .invalidKey(let offset, let key): "protobuf: invalid field key \(key) at offset \(offset)"
        case .badPackedLength(let offset, let length):
            "protobuf: packed field at offset \(offset) has \(length) bytes, not a multiple of 8"
        }
    }
}

/// Decodes protobuf wire format into raw fields: numbers and undecoded
/// values, the way `protoc --decode_raw` sees a message. What a field means
/// is up to the caller, who knows the schema.
///
/// ```swift
/// var reader = ProtobufReader(bytes)
/// while let field = try reader.next() { … }
/// ```
package struct ProtobufReader: Sendable {
    /// One field's value as the wire holds it.
    package enum Value: Sendable, Equatable {
        case varint(UInt64)
        case fixed64(UInt64)
        case lengthDelimited([UInt8])
        case fixed32(UInt32)

        /// The value as a `double` (a fixed64 field), else nil.
        package var double: Double? {
            guard case .fixed64(let bits) = self else { return nil }
            return Double(bitPattern: bits)
        }

        /// The value as a UTF-8 string (a length-delimited field), else nil.
        package var string: String? {
            guard case .lengthDelimited(let payload) = self else { return nil }
            return String(decoding: payload, as: UTF8.self)
        }

        /// The payload of a length-delimited field (a nested message, bytes), else nil.
        package var payload: [UInt8]? {
            guard case .lengthDelimited(let payload) = self else { return nil }
            return payload
        }

        /// The varint, else nil.
        package var integer: UInt64? {
            guard case .varint(let value) = self else { return nil }
            return value
        }
    }

    /// A field number and its value.
    package struct Field: Sendable, Equatable {
        /// The field number of the key.
        package var number: Int
        /// The value, by its wire type.
        package var value: Value

        /// A field as the reader returns it.
        package init(number: Int, value: Value) {
            self.number = number
            self.value = value
        }
    }

    private let bytes: [UInt8]
    /// Where the next key starts.
    package private(set) var offset = 0

    /// A reader positioned at the start of `bytes`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Every field of `bytes`, in order.
    /// - Throws: `ProtobufError` at the first malformed key or value.
    package static func fields(of bytes: [UInt8]) throws(ProtobufError) -> [Field] {
        var reader = ProtobufReader(bytes)
        var fields: [Field] = []
        while let field = try reader.next() { fields.append(field) }
        return fields
    }

    /// The doubles of a packed `repeated double` payload.
    /// - Throws: `ProtobufError.badPackedLength` when the length is not a multiple of 8.
    package static func packedDoubles(_ payload: [UInt8]) throws(ProtobufError) -> [Double] {
        guard payload.count % 8 == 0 else { throw .badPackedLength(offset: 0, length: payload.count) }
        return stride(from: 0, to: payload.count, by: 8).map { start in
            Double(bitPattern: littleEndian(payload[start..<start + 8]))
        }
    }

    /// The next field, or nil at the end of the bytes.
    /// - Throws: `ProtobufError` for a truncated or malformed field.
    package mutating func next() throws(ProtobufError) -> Field? {
        guard offset < bytes.count else { return nil }
        let start = offset
        let key = try varint()
        let number = key >> 3
        guard number > 0, number < 1 << 29 else { throw .invalidKey(offset: start, key: key) }
        let value: Value
        switch key & 7 {
        case 0: value = .varint(try varint())
        case 1: value = .fixed64(littleEndian(try take(8)))
        case 2:
            let lengthOffset = offset
            let length = try varint()
            guard length <= UInt64(bytes.count - offset) else { throw .truncated(offset: lengthOffset) }
            value = .lengthDelimited(Array(try take(Int(length))))
        case 5: value = .fixed32(UInt32(truncatingIfNeeded: littleEndian(try take(4))))
        default: throw .invalidKey(offset: start, key: key)
        }
        return Field(number: Int(number), value: value)
    }

    /// Reads a base-128 varint of at most ten bytes.
    private mutating func varint() throws(ProtobufError) -> UInt64 {
        let start = offset
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < bytes.count else { throw .truncated(offset: start) }
            let byte = bytes[offset]
            offset += 1
            // The tenth byte holds only the top bit of a 64-bit value.
            guard shift < 63 || byte <= 1 else { throw .varintTooLong(offset: start) }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    private mutating func take(_ count: Int) throws(ProtobufError) -> ArraySlice<UInt8> {
        guard count <= bytes.count - offset else { throw .truncated(offset: offset) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    private static func littleEndian(_ slice: ArraySlice<UInt8>) -> UInt64 {
        slice.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    private func littleEndian(_ slice: ArraySlice<UInt8>) -> UInt64 { Self.littleEndian(slice) }
}
