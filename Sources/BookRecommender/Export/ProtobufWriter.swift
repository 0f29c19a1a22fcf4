import Foundation

/// Encodes protocol buffer messages (proto3 wire format) field by field.
///
/// Only what the Core ML export needs: varints, 64-bit little-endian doubles,
/// length-delimited strings, nested messages and packed repeated doubles.
/// Fields go out in the order they are written; the caller writes them in
/// field-number order, as protobuf's own serializers do, so the same model
/// always gives the same bytes.
///
/// ```swift
/// var writer = ProtobufWriter()
/// writer.int32(1, 4)
/// writer.message(2) { $0.string(1, "items") }
/// let data = Data(writer.bytes)
/// ```
struct ProtobufWriter: Sendable {
    /// How a field's value is laid out after its key.
    enum WireType: UInt8, Sendable {
        /// A base-128 varint: integers, booleans, enums.
        case varint = 0
        /// Eight bytes, little-endian: `double`, `fixed64`.
        case fixed64 = 1
        /// A varint length, then that many bytes: strings, bytes, messages, packed repeated fields.
        case lengthDelimited = 2
        /// Four bytes, little-endian: `float`, `fixed32`.
        case fixed32 = 5
    }

    /// The encoded message so far.
    private(set) var bytes: [UInt8] = []

    /// An empty message.
    init() {}

    /// Appends `value` as a base-128 varint (see `Varint`).
    mutating func varint(_ value: UInt64) {
        Varint.append(value, to: &bytes)
    }

    /// Appends a field key: `(field << 3) | wireType`, as a varint.
    /// - Precondition: `field` is a valid field number (1 ... 2²⁹ − 1).
    mutating func key(_ field: Int, _ wireType: WireType) {
        precondition(field > 0 && field < 1 << 29, "protobuf field numbers are 1 ... 2^29 - 1")
        varint(UInt64(field) << 3 | UInt64(wireType.rawValue))
    }

    /// A `uint64` field.
    mutating func uint64(_ field: Int, _ value: UInt64) {
        key(field, .varint)
        varint(value)
    }

    /// An `int32` field. A negative value is sign-extended to 64 bits (ten
    /// bytes), as the protobuf specification requires.
    mutating func int32(_ field: Int, _ value: Int32) {
        key(field, .varint)
        varint(UInt64(bitPattern: Int64(value)))
    }

    /// A `bool` field: a one-byte varint, 0 or 1.
    mutating func bool(_ field: Int, _ value: Bool) {
        key(field, .varint)
        varint(value ? 1 : 0)
    }

    /// A `double` field: the IEEE 754 bits, little-endian.
    mutating func double(_ field: Int, _ value: Double) {
        key(field, .fixed64)
        appendLittleEndian(value.bitPattern)
    }

    /// A `string` field: its UTF-8 bytes, length first.
    mutating func string(_ field: Int, _ value: String) {
        lengthDelimited(field, Array(value.utf8))
    }

    /// A length-delimited field holding `payload` as it is (`bytes`, or an
    /// already encoded message).
    mutating func lengthDelimited(_ field: Int, _ payload: [UInt8]) {
        key(field, .lengthDelimited)
        varint(UInt64(payload.count))
        bytes.append(contentsOf: payload)
    }

    /// A nested message field: `build` writes the message's own fields, which
    /// then go out length first. An empty message is still written (key and
    /// length 0), which is how a proto3 `oneof` picks an empty message type.
    mutating func message(_ field: Int, _ build: (inout ProtobufWriter) -> Void) {
        var nested = ProtobufWriter()
        build(&nested)
        lengthDelimited(field, nested.bytes)
    }

    /// A packed `repeated double` field: one key, the byte length, then eight
    /// bytes per value. Nothing is written for no values (proto3's empty list).
    mutating func packedDoubles(_ field: Int, _ values: [Double]) {
        guard !values.isEmpty else { return }
        key(field, .lengthDelimited)
        varint(UInt64(values.count * 8))
        for value in values { appendLittleEndian(value.bitPattern) }
    }

    private mutating func appendLittleEndian(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }
}
