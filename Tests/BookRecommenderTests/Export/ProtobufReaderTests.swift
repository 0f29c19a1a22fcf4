import BookRecommenderTestSupport
import Testing

@testable import BookRecommender

@Suite struct ProtobufReaderTests {
    @Test(arguments: [0, 1, 127, 128, 300, 1 << 35, UInt64(Int64.max), UInt64.max] as [UInt64])
    func varintsRoundTrip(value: UInt64) throws {
        var writer = ProtobufWriter()
        writer.uint64(15, value)
        #expect(try ProtobufReader.fields(of: writer.bytes) == [.init(number: 15, value: .varint(value))])
    }

    @Test func readsEveryWireTypeTheWriterWrites() throws {
        var writer = ProtobufWriter()
        writer.int32(1, 4)
        writer.double(2, 0.125)
        writer.string(3, "Brontë")
        writer.message(100) { $0.bool(1000, true) }
        writer.packedDoubles(5, [3.5, -1, 0])
        let fields = try ProtobufReader.fields(of: writer.bytes)
        #expect(fields.map(\.number) == [1, 2, 3, 100, 5])
        #expect(fields[0].value.integer == 4)
        #expect(fields[1].value.double == 0.125)
        #expect(fields[2].value.string == "Brontë")
        let nested = try ProtobufReader.fields(of: try #require(fields[3].value.payload))
        #expect(nested == [.init(number: 1000, value: .varint(1))])
        #expect(try ProtobufReader.packedDoubles(try #require(fields[4].value.payload)) == [3.5, -1, 0])
    }

    @Test func readsFixed32() throws {
        #expect(
            try ProtobufReader.fields(of: [0x0D, 0x01, 0x02, 0x03, 0x04])
                == [.init(number: 1, value: .fixed32(0x0403_0201))])
    }

    @Test(
        arguments: [
            ([0x08], ProtobufError.truncated(offset: 1)),
            ([0x08, 0x80], .truncated(offset: 1)),
            ([0x12, 0x05, 0x61], .truncated(offset: 1)),
            ([0x09, 0x00, 0x00], .truncated(offset: 1)),
            ([0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02], .varintTooLong(offset: 1)),
            ([0x00, 0x01], .invalidKey(offset: 0, key: 0)),
            ([0x0B], .invalidKey(offset: 0, key: 11)),
        ] as [([UInt8], ProtobufError)])
    func malformedBytesThrowWithTheirOffset(bytes: [UInt8], error: ProtobufError) {
        #expect(throws: error) { try ProtobufReader.fields(of: bytes) }
    }

    @Test func aPackedPayloadMustHoldWholeDoubles() {
        #expect(throws: ProtobufError.badPackedLength(offset: 0, length: 7)) {
            try ProtobufReader.packedDoubles([UInt8](repeating: 0, count: 7))
        }
    }
}
