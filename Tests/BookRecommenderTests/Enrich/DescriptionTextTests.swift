import Testing

@testable import BookRecommender

@Suite struct DescriptionTextTests {
    @Test func paragraphsAndBreaksBecomeNewlines() {
        let html = "<p>First <em>para</em>graph,\n  wrapped.</p><p>Second<br>line<br/>three</p>"
        #expect(DescriptionText.plain(fromHTML: html) == "First paragraph, wrapped.\n\nSecond\nline\nthree")
    }

    @Test func scriptStyleAndCommentsVanishWithTheirContents() {
        let html = "<style>p { color: red }</style>Safe<SCRIPT type=\"x\">alert('<b>')</script > text<!-- note -->."
        #expect(DescriptionText.plain(fromHTML: html) == "Safe text.")
    }

    @Test func entitiesAreDecodedOnce() {
        let html = "Tom &amp; Jerry&#39;s &#x27;cat&#X27;&nbsp;&mdash; &hellip; &unknown; &amp;lt;b&amp;gt; 5 &lt; 6"
        #expect(DescriptionText.plain(fromHTML: html) == "Tom & Jerry's 'cat' — … &unknown; &lt;b&gt; 5 < 6")
    }

    @Test func escapedMarkupIsStrippedToo() {
        let html = "&lt;p&gt;An &lt;i&gt;escaped&lt;/i&gt; tale.&lt;/p&gt;&lt;script&gt;x()&lt;/script&gt;"
        #expect(DescriptionText.plain(fromHTML: html) == "An escaped tale.")
    }

    @Test func plainTextKeepsItsOwnLineBreaks() {
        #expect(DescriptionText.plain(fromHTML: "One\n\n\n\nTwo  words\nThree\n") == "One\n\nTwo words\nThree")
    }

    @Test(arguments: [
        "<b>bold", "x <a href=\"javascript:alert(1)\"", "<script>never closed", "<p>a</p><<b>>",
        "&lt;img src=x onerror=y&gt;",
        "<!-- open comment <b>", "<svg><script>alert(1)</script></svg>after",
    ])
    func neverPassesMarkupThrough(_ html: String) {
        let text = DescriptionText.plain(fromHTML: html)
        #expect(!text.contains("<b") && !text.contains("<a") && !text.contains("<script") && !text.contains("<img"))
        #expect(!text.contains("alert(1)</"))
    }

    @Test func keepsAStrayLessThan() {
        #expect(DescriptionText.plain(fromHTML: "<p>if a < b and c<3</p>") == "if a < b and c<3")
    }
}
