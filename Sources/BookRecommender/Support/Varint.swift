/// Unsigned LEB128, protobuf's varint: seven bits per byte, least
/// significant group first, the high bit set on every byte but the last
/// (1 to 10 bytes). The Core ML export and the parts of a sharded run write it.
enum Varint {
    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}
