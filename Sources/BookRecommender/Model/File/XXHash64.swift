/// XXH64 (Yann Collet's xxHash, 64-bit variant), fed in pieces: the model
/// file's checksum and the fingerprint of a model's training data.
///
/// Chosen over CRC-32 because it reads 32 bytes per step in four independent
/// lanes, so checking a large model costs little of its load time, and over
/// Swift's `Hasher` because its value is the same in every process.
struct XXHash64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    private let seed: UInt64
    private var lanes: (UInt64, UInt64, UInt64, UInt64)
    /// Bytes of an unfinished 32-byte stripe.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    init(seed: UInt64 = 0) {
        self.seed = seed
        lanes = (seed &+ Self.prime1 &+ Self.prime2, seed &+ Self.prime2, seed, seed &- Self.prime1)
        pending.reserveCapacity(32)
    }

    /// The hash of `bytes` in one call.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        var hasher = XXHash64(seed: seed)
        hasher.add(bytes)
        return hasher.value
    }

    /// Feeds `bytes`.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let taken = min(32 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<taken])
            offset = taken
            guard pending.count == 32 else { return }
            pending.withUnsafeBytes { consumeStripes($0) }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (bytes.count - offset) / 32 * 32
        consumeStripes(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + whole]))
        pending.append(contentsOf: bytes[(offset + whole)...])
    }

    /// Feeds the bytes of `values` as they lie in memory (little-endian on every platform Swift runs on here).
    mutating func add<T: BitwiseCopyable>(_ values: [T]) {
        values.withUnsafeBytes { add($0) }
    }

    /// Feeds a string's UTF-8 bytes after its length, so that no two lists of strings feed the same bytes.
    mutating func add(_ string: String) {
        var utf8 = string
        add([UInt64(utf8.utf8.count)])
        utf8.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    /// Four lanes over every whole 32-byte stripe of `bytes` (a multiple of 32
    /// long). Scalar lanes: x86-64 has no 64-bit vector multiply before
    /// AVX-512, and `SIMD4<UInt64>` ran at half the speed.
    private mutating func consumeStripes(_ bytes: UnsafeRawBufferPointer) {
        var (v1, v2, v3, v4) = lanes
        var offset = 0
        while offset < bytes.count {
            v1 = Self.round(v1, Self.word(bytes, offset))
            v2 = Self.round(v2, Self.word(bytes, offset + 8))
            v3 = Self.round(v3, Self.word(bytes, offset + 16))
            v4 = Self.round(v4, Self.word(bytes, offset + 24))
            offset += 32
        }
        lanes = (v1, v2, v3, v4)
    }

    @inline(__always)
    private static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always)
    private static func round(_ lane: UInt64, _ input: UInt64) -> UInt64 {
        rotate(lane &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value &<< count) | (value &>> (64 - count))
    }

    /// `value` as 16 hex digits, the form fingerprints and stamps are shown and stored in.
    var hexValue: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of everything fed so far.
    var value: UInt64 {
        var hash: UInt64
        if length >= 32 {
            let (v1, v2, v3, v4) = lanes
            hash = Self.rotate(v1, 1) &+ Self.rotate(v2, 7) &+ Self.rotate(v3, 12) &+ Self.rotate(v4, 18)
            for lane in [v1, v2, v3, v4] {
                hash ^= Self.round(0, lane)
                hash = hash &* Self.prime1 &+ Self.prime4
            }
        } else {
            hash = seed &+ Self.prime5
        }
        hash &+= length
        pending.withUnsafeBytes { tail in
            var offset = 0
            while offset + 8 <= tail.count {
                let word = UInt64(littleEndian: tail.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                hash ^= Self.round(0, word)
                hash = Self.rotate(hash, 27) &* Self.prime1 &+ Self.prime4
                offset += 8
            }
            if offset + 4 <= tail.count {
                let word = UInt64(UInt32(littleEndian: tail.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                hash ^= word &* Self.prime1
                hash = Self.rotate(hash, 23) &* Self.prime2 &+ Self.prime3
                offset += 4
            }
            while offset < tail.count {
                hash ^= UInt64(tail[offset]) &* Self.prime5
                hash = Self.rotate(hash, 11) &* Self.prime1
                offset += 1
            }
        }
        hash ^= hash &>> 33
        hash = hash &* Self.prime2
        hash ^= hash &>> 29
        hash = hash &* Self.prime3
        hash ^= hash &>> 32
        return hash
    }
}
