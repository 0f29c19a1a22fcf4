import Testing

@testable import BookRecommender

@Suite struct CSVDialectTests {
    @Test(arguments: [
        ("user_id,book_id,rating\n", CSVDialect.comma),
        ("\"User-ID\";\"ISBN\";\"Book-Rating\"\r\n", CSVDialect.semicolon),
        ("Book Id\tTitle\tRating\n", CSVDialect.tab),
        ("\"a;b;c\",d\n", CSVDialect.comma),
        ("title;a,b;c,d;e\n", CSVDialect.semicolon),
        ("single\n", CSVDialect.comma),
        ("a;b\nc,d,e,f\n", CSVDialect.semicolon),
    ])
    func delimiterIsTheMostFrequentOutsideQuotes(_ line: String, _ expected: UInt8) {
        let bytes = Array(line.utf8)
        #expect(bytes.withUnsafeBufferPointer { CSVDialect.detectDelimiter(in: $0) } == expected)
    }

    @Test func semicolonFileIsSplitOnSemicolons() throws {
        let records = try tokenize("\"User-ID\";\"ISBN\";\"Book-Rating\"\r\n\"276725\";\"034545104X\";\"0\"\r\n")
        #expect(records.map(\.fields) == [["User-ID", "ISBN", "Book-Rating"], ["276725", "034545104X", "0"]])
    }
}

@Suite struct TextDecodingTests {
    @Test func utf8IsDecodedAndInvalidBytesNeedTheFallback() {
        let valid = Array("altın …".utf8)
        let invalid: [UInt8] = [0x53, 0xE2, 0x6E]
        valid.withUnsafeBufferPointer { #expect(TextDecoding.utf8.decode($0) == "altın …") }
        invalid.withUnsafeBufferPointer {
            #expect(TextDecoding.utf8.decode($0) == nil)
            #expect(TextDecoding.utf8WithLatin1Fallback.decode($0) == "Sân")
            #expect(TextDecoding.lossy($0) == "S\u{FFFD}n")
        }
    }
}

@Suite struct CSVNumberTests {
    @Test(arguments: [
        ("4", Float(4)), ("3.75", 3.75), (" 5 ", 5), ("-1", -1), (".5", 0.5), ("0", 0), ("1e1", 10), ("4.", 4),
    ])
    func parsesDecimals(_ text: String, _ expected: Float) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { CSVNumber.float($0) } == expected)
    }

    @Test(arguments: ["", " ", "four", "4a", "nan", "inf", "-", "1.2.3", "٤"])
    func rejectsAnythingElse(_ text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { CSVNumber.float($0) } == nil)
    }
}
