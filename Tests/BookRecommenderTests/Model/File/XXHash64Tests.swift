import Testing

@testable import BookRecommender

@Suite struct XXHash64Tests {
    static func hash(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
        bytes.withUnsafeBytes { XXHash64.hash($0, seed: seed) }
    }

    static let alphabet = Array("0123456789abcdef0123456789abcdef".utf8)
    static let long = (0..<4).flatMap { _ in (0...255).map(UInt8.init) } + Array("xyz".utf8)

    /// Values from the reference C library (libxxhash 0.8.1, `XXH64`), covering
    /// the short path, one whole stripe, and stripes with every kind of tail.
    @Test func matchesTheReferenceImplementation() {
        #expect(Self.hash([]) == 0xEF46_DB37_51D8_E999)
        #expect(Self.hash(Array("a".utf8)) == 0xD24E_C4F1_A98C_6E5B)
        #expect(Self.hash(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
        #expect(Self.hash(Self.alphabet) == 0x642A_9495_8E71_E6C5)
        #expect(Self.hash(Self.long) == 0xE146_CB31_B65B_C21A)
        #expect(Self.hash(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x0B24_2D36_1FDA_71BC)
        #expect(Self.hash([], seed: 0x9E37_79B9_7F4A_7C15) == 0xC434_9FC9_3C01_0000)
        #expect(Self.hash(Self.long, seed: 0x9E37_79B9_7F4A_7C15) == 0x86B7_211D_04E9_3C1F)
    }

    @Test(arguments: [1, 3, 7, 8, 31, 32, 33, 100])
    func feedingInPiecesGivesTheSameValue(piece: Int) {
        var hasher = XXHash64()
        var start = 0
        while start < Self.long.count {
            let end = min(start + piece, Self.long.count)
            Self.long[start..<end].withUnsafeBytes { hasher.add($0) }
            start = end
        }
        #expect(hasher.value == 0xE146_CB31_B65B_C21A)
    }
}
