import Testing

@testable import BookRecommender

@Suite struct LogTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("input/club/alice.csv", "input/club/alice.csv"),
        ("two words", "\"two words\""),
        ("", "\"\""),
        ("a=b", "\"a=b\""),
        ("say \"hi\"\n", "\"say \\\"hi\\\"\\n\""),
        ("bell\u{7}", "\"bell\\u{7}\""),
    ])
    func valuesStayOnOneLineAndParseBack(value: String, expected: String) {
        #expect(Log.quote(value) == expected)
    }
}
