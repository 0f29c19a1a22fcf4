import Testing

@testable import BookRecommender

/// The byte buffer the reports are rendered into: its shortcuts must give
/// exactly what the plain string functions give.
@Suite struct TextBufferTests {
    @Test(arguments: [
        "plain", "", "a & b", "<x>", "\"quoted\" 'single'", "tab\tline\nnext\r", "Café 📚", "\u{202E}evil",
        "nul\u{0}x\u{7F}", "\u{85}c1", String(Unicode.Scalar(0xFDD0)!),
    ])
    func htmlEscapingIsHTMLEscapeText(_ value: String) {
        let buffer = TextBuffer()
        buffer.append(html: value)
        #expect(buffer.string == HTMLEscape.text(value))
    }

    @Test(arguments: [
        "plain", "", "a\"b\\c", "line\nbreak\r\t", "\u{0}\u{1F}\u{7F}", "\u{2028}\u{2029}", "Café 📚", "x/y",
    ])
    func jsonStringsAreJSONValueStrings(_ value: String) {
        let buffer = TextBuffer()
        buffer.append(json: value)
        #expect(buffer.string + "\n" == JSONValue.string(value).text)
    }

    @Test(arguments: [
        (0.0, 1), (5, 1), (4.25, 1), (4.2000000000000002, 4), (0.0007, 4), (1_081_732.75, 4), (-2.5, 2),
        (-0.00001, 4), (123.456789, 12), (1e300, 4), (0.05, 1),
    ])
    func decimalsHaveTheirDigitsAndTrimmedZeros(_ value: Double, _ places: Int) {
        let buffer = TextBuffer()
        #expect(buffer.append(decimal: value, places: places))
        #expect(buffer.string == DecimalText.string(value, places: places))
    }

    @Test func fixedDecimalsPrintExactly() {
        #expect(DecimalText.string(0.0007, places: 4) == "0.0007")
        #expect(DecimalText.string(1_081_732.75, places: 4) == "1081732.75")
        #expect(DecimalText.string(-2.5, places: 2) == "-2.5")
        #expect(DecimalText.string(1e300, places: 4) == "1e+300")
        let buffer = TextBuffer()
        #expect(!buffer.append(decimal: .infinity, places: 2))
        #expect(buffer.count == 0)
    }

    @Test func compactJSONIsThePrettyJSONWithoutItsWhitespace() {
        let document: JSONValue = .object([
            "a b": .string("x \" y \\"), "list": .array([.integer(1), .string(" \\\" "), .object([:]), .array([])]),
            "nested": .object(["k": .fixed(2.5, places: 2), "t": .string("line\nbreak\ttab")]),
        ])
        let pretty = TextBuffer()
        pretty.append(document.text)
        let compact = TextBuffer()
        compact.append(compactJSONOf: pretty)
        #expect(compact.string == document.compactText)
    }

    @Test func integersAndIndentationAndGrowth() {
        let buffer = TextBuffer(capacity: 1)
        buffer.append(integer: -9_223_372_036_854_775_807)
        buffer.append(byte: UInt8(ascii: " "))
        buffer.append(integer: 0)
        buffer.append(newlineIndentedBy: 3)
        buffer.append(newlineIndentedBy: 40)
        #expect(buffer.string == "-9223372036854775807 0\n   \n" + String(repeating: " ", count: 40))
        let long = String(repeating: "abc", count: 10_000)
        buffer.removeAll()
        buffer.append(long)
        buffer.append(long)
        #expect(buffer.string == long + long)
    }
}
