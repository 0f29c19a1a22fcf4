import Testing

@testable import BookRecommender

@Suite struct HTMLEscapeTests {
    @Test func escapesMarkupCharacters() {
        #expect(
            HTMLEscape.text(#"<a href="x">Tom & 'Jerry'</a>"#)
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;")
    }

    @Test func keepsOrdinaryTextAndWhitespace() {
        #expect(HTMLEscape.text("Café 📚\tline\nnext\r") == "Café 📚\tline\nnext\r")
    }

    @Test func replacesControlsAndNoncharacters() {
        let hostile = "a\u{0}b\u{1}c\u{7F}d\u{85}e" + String(Unicode.Scalar(0xFDD0)!) + String(Unicode.Scalar(0x1FFFF)!)
        #expect(HTMLEscape.text(hostile) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}\u{FFFD}")
    }

    /// (input, expected) pairs, compared scalar by scalar so a failure shows which control is missing.
    static let bidiCases: [(String, String)] = [
        // An override left open is closed at the end.
        ("\u{202E}gnp.exe", "\u{202E}gnp.exe\u{202C}"),
        // Nested: the innermost closer first.
        ("\u{2067}x\u{202B}y", "\u{2067}x\u{202B}y\u{202C}\u{2069}"),
        // Balanced text is left as it is.
        ("a\u{202A}b\u{202C}c\u{2068}d\u{2069}", "a\u{202A}b\u{202C}c\u{2068}d\u{2069}"),
        // A PDI closes the embeddings opened inside its isolate, as UAX #9 does.
        ("\u{2066}a\u{202E}b\u{2069}c", "\u{2066}a\u{202E}b\u{2069}c"),
        // A stray closer opens nothing; the override after it is still closed.
        ("\u{202C}\u{2069}\u{202D}<", "\u{202C}\u{2069}\u{202D}&lt;\u{202C}"),
    ]

    @Test(arguments: bidiCases)
    func closesBidiControlsLeftOpen(_ value: String, _ expected: String) {
        let escaped = HTMLEscape.text(value)
        #expect(escaped.unicodeScalars.map(\.value) == expected.unicodeScalars.map(\.value))
    }

    @Test(arguments: ["http://books.example/a?b=1&c=2", "https://x.example", "HTTPS://X.EXAMPLE/p"])
    func acceptsWebURLs(_ url: String) {
        #expect(HTMLEscape.safeURL(url) == url)
    }

    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
        "data:text/html,<script>", "vbscript:x", "file:///etc/passwd", "//evil.example/x", "/relative",
        "http:", "https://", "http://exa mple.com", "http://x.example/\n", "",
    ])
    func rejectsOtherURLs(_ url: String) {
        #expect(HTMLEscape.safeURL(url) == nil)
    }

    @Test func percentEncodesPathSegments() {
        #expect(HTMLEscape.pathSegment("a-b_c.d~e.html") == "a-b_c.d~e.html")
        #expect(HTMLEscape.pathSegment("a b/é?#%") == "a%20b%2F%C3%A9%3F%23%25")
    }
}
