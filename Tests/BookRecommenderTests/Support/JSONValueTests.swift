import Foundation
import Testing

@testable import BookRecommender

@Suite struct JSONValueTests {
    @Test(arguments: [
        (4.2000000000000002, "4.2"), (4.2, "4.2"), (5, "5.0"), (0.12346, "0.1235"), (3.99996, "4.0"),
        (-0.00001, "0.0"), (-1.5, "-1.5"), (0.1 + 0.2, "0.3"), (1234567.0001, "1234567.0001"),
    ])
    func fixedDecimalsHaveNoFloatNoise(_ value: Double, _ expected: String) {
        #expect(DecimalText.string(value, places: 4) == expected)
        #expect(JSONValue.fixed(value, places: 4).text == expected + "\n")
    }

    @Test func nonFiniteNumbersPrintNull() {
        #expect(DecimalText.string(.nan, places: 4) == nil)
        #expect(
            JSONValue.array([.fixed(.infinity, places: 4), .number(.nan), .number(0.5)]).text
                == "[\n  null,\n  null,\n  0.5\n]\n")
    }

    @Test func prettyPrintsWithSortedKeysAndUnescapedSlash() {
        let value: JSONValue = .object([
            "b": .array([.integer(1), .bool(true), .null]), "a": .string("x/y"), "é": .object([:]),
            "B": .array([]),
        ])
        let expected = """
            {
              "B": [],
              "a": "x/y",
              "b": [
                1,
                true,
                null
              ],
              "é": {}
            }

            """
        #expect(value.text == expected)
    }

    @Test func escapesControlCharacters() {
        #expect(
            JSONValue.string("q\"b\\n\n\r\t\u{8}\u{C}\u{0}\u{1F}\u{7F}\u{2028}").text
                == #""q\"b\\n\n\r\t\b\f\u0000\u001f\u007f\u2028""# + "\n")
    }

    @Test func hostileStringsRoundTrip() throws {
        let loneSurrogate = String(decoding: [0x61, 0xD800, 0x62] as [UInt16], as: UTF16.self)
        let badUTF8 = String(decoding: [0x61, 0xED, 0xA0, 0x80, 0xFF] as [UInt8], as: UTF8.self)
        let strings = [
            "\u{0}\u{1}\u{2}\u{1B}[31m", "\"}]}{\"", "</script><script>alert(1)</script>", "\\u0000",
            loneSurrogate, badUTF8, "📚 e\u{301} \u{FEFF} \u{2029}", String(repeating: "\\\"", count: 50),
        ]
        let value: JSONValue = .object(Dictionary(uniqueKeysWithValues: strings.map { ($0, .string($0)) }))
        let decoded = try JSONSerialization.jsonObject(with: value.data) as? [String: String]
        #expect(decoded == Dictionary(uniqueKeysWithValues: strings.map { ($0, $0) }))
    }

    @Test func compactTextIsOneLineWithTheSameKeysAndEscapes() throws {
        let value: JSONValue = .object([
            "b": .array([.integer(1), .fixed(4.2000000000000002, places: 4), .null, .array([]), .object([:])]),
            "a": .string("line\nbreak\u{2028}"), "c": .object(["z": .bool(true), "y": .number(0.5)]),
        ])
        #expect(value.compactText == #"{"a":"line\nbreak\u2028","b":[1,4.2,null,[],{}],"c":{"y":0.5,"z":true}}"#)
        let pretty = try JSONSerialization.jsonObject(with: value.data) as? NSDictionary
        let compact = try JSONSerialization.jsonObject(with: Data(value.compactText.utf8)) as? NSDictionary
        #expect(pretty == compact)
    }
}
