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
}
