import Testing

@testable import BookRecommender

@Suite struct KeyInternerTests {
    @Test(arguments: [
        ("0", 0), ("7", 7), ("375", 375), ("4194303", 4_194_303),
    ])
    func plainDecimalKeysAreNumbers(key: String, value: Int) {
        #expect(KeyInterner.number(key) == value)
    }

    @Test(arguments: ["", "00", "0375", "-1", "+1", "1.0", " 1", "1 ", "12a", "4194304", "12345678", "١٢"])
    func anythingElseIsText(key: String) {
        #expect(KeyInterner.number(key) == nil)
    }

    @Test func indicesFollowFirstSightWhicheverPathAKeyTakes() {
        var interner = KeyInterner()
        let keys = ["375", "0375", "u9", "12", "375", "4194304", "u9", "0", "12", "0375", "9999999"]
        let indices = keys.map { interner.index(of: $0) }
        #expect(indices.map(\.index) == [0, 1, 2, 3, 0, 4, 2, 5, 3, 1, 6])
        #expect(indices.map(\.isNew) == [true, true, true, true, false, true, false, true, false, false, true])
        #expect(interner.count == 7)
    }

    @Test func knownKeysAreFoundFromTheirBytesAndNothingElseIs() {
        var interner = KeyInterner()
        for key in ["375", "u9", "A\u{FFFD}", "0375"] { _ = interner.index(of: key) }
        func known(_ bytes: [UInt8]) -> Int32? { bytes.withUnsafeBufferPointer { interner.index(ofKnown: $0) } }
        #expect(known(Array("375".utf8)) == 0 && known(Array("u9".utf8)) == 1 && known(Array("0375".utf8)) == 3)
        #expect(known(Array("A\u{FFFD}".utf8)) == 2)
        // Invalid UTF-8 is never a known key, though it decodes (lossily) like one.
        #expect(known([0x41, 0xFF]) == nil)
        #expect(known(Array("376".utf8)) == nil && known(Array("9999999".utf8)) == nil && known([]) == nil)
    }
}
