import Testing

@testable import BookRecommender

/// The encoder against byte strings worked out by hand from the protobuf
/// encoding guide (protobuf.dev/programming-guides/encoding).
@Suite struct ProtobufWriterTests {
    static func varint(_ value: UInt64) -> [UInt8] {
        var writer = ProtobufWriter()
        writer.varint(value)
        return writer.bytes
    }

    @Test(
        arguments: [
            (0, [0x00]), (1, [0x01]), (127, [0x7F]), (128, [0x80, 0x01]), (300, [0xAC, 0x02]),
            (16_383, [0xFF, 0x7F]), (16_384, [0x80, 0x80, 0x01]),
            (UInt64(UInt32.max), [0xFF, 0xFF, 0xFF, 0xFF, 0x0F]),
            (UInt64.max, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]),
        ] as [(UInt64, [UInt8])])
    func varintEdges(value: UInt64, bytes: [UInt8]) {
        #expect(Self.varint(value) == bytes)
    }

    @Test func keysAndScalarFields() {
        var writer = ProtobufWriter()
        writer.uint64(1, 150)
        #expect(writer.bytes == [0x08, 0x96, 0x01])
        writer = ProtobufWriter()
        writer.string(2, "testing")
        #expect(writer.bytes == [0x12, 0x07, 0x74, 0x65, 0x73, 0x74, 0x69, 0x6E, 0x67])
        writer = ProtobufWriter()
        writer.bool(1000, true)
        #expect(writer.bytes == [0xC0, 0x3E, 0x01])
        writer = ProtobufWriter()
        writer.int32(501, 4)
        #expect(writer.bytes == [0xA8, 0x1F, 0x04])
    }

    @Test func negativeInt32IsSignExtendedToTenBytes() {
        var writer = ProtobufWriter()
        writer.int32(1, -1)
        #expect(writer.bytes == [0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])
    }

    @Test func doublesAreLittleEndianIEEE754() {
        var writer = ProtobufWriter()
        writer.double(2, 1.0)
        writer.double(2, -2.5)
        #expect(
            writer.bytes == [
                0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x3F,
                0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0xC0,
            ])
    }

    @Test func nestedMessagesGoOutLengthFirst() {
        var writer = ProtobufWriter()
        writer.message(3) { $0.uint64(1, 150) }
        #expect(writer.bytes == [0x1A, 0x03, 0x08, 0x96, 0x01])
        writer = ProtobufWriter()
        writer.message(7) { sequence in sequence.message(3) { _ in } }
        #expect(writer.bytes == [0x3A, 0x02, 0x1A, 0x00])
    }

    @Test func aLongPayloadHasAMultiByteLength() {
        var writer = ProtobufWriter()
        writer.string(1, String(repeating: "a", count: 200))
        #expect(writer.bytes.prefix(3) == [0x0A, 0xC8, 0x01])
        #expect(writer.bytes.count == 203)
    }

    @Test func packedDoublesShareOneKey() {
        var writer = ProtobufWriter()
        writer.packedDoubles(4, [1.0, -2.5])
        #expect(
            writer.bytes == [
                0x22, 0x10,
                0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x3F,
                0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0xC0,
            ])
        writer = ProtobufWriter()
        writer.packedDoubles(4, [])
        #expect(writer.bytes.isEmpty)
    }
}
