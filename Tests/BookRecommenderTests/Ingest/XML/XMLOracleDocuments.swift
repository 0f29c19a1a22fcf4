import Foundation

@testable import BookRecommender

/// Documents `XMLStreamOracleTests` walks with both `XMLStream` and libxml2's
/// reader: broken and hostile ones, long lines, many lines, and mutations.
enum XMLOracleDocuments {
    static let texts: [String] = [
        RatingsXMLByteReadTests.tricky,
        "<ratings>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n<rating user=\"1\" user=\"2\"/>\n</ratings>\n",
        "<ratings>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n<rating user=\"2\" book=\"3\" value=\"4\"/>\n<rat",
        "<ratings>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n<a><b>\n</a>\n<rating user=\"2\"/>\n",
        "<ratings><rating user=\"a\" user=\"b\"/>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n</ratings>\n",
        "<ratings>\n<rating user=\"1\"/>\n<!-- open comment\n<rating user=\"2\"/>\n",
        "<ratings>\n<rating user=\"1\"/>\n<!-- c -->\n\n",
        "<ratings>\n<rating user=\"1\"/>\n<!-- c -->  \r\n \n\n\n",
        "<ratings>\n<rating user=\"1\"/>\n<!-- <a/>\n b\n</ratings>\n<!-- c -->\n",
        "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<ratings>\n<rating user=\"u1\"/>\n\u{0}x\u{0}m\n</ratings>\n",
        "<r>\n<a x=\"1\"/>\n<a x=\"2\"/>\n",
        "<r>\n<a x=\"1\"/>\n<a x=\"2",
        "<r>\n<a x=\"1\"/>\n<a x=\"2\"/>\n\n  \n",
        "<r>\n<a x=\"1\"/>\n</r>\n<a x=\"2\"/>\n",
        "<p:r xmlns:p=\"urn:p\">\n<a/>\n</p:r >\n<a/>\n",
        "<r>\n<a x=\"1\" x=\"2\"/>\n<a/>\n",
        "<r>\n<!-- </r> -->\n<a/>\n",
        "<root>\n<item><title>A</title></item><item><title>B</title></item></root><junk/>\n",
        "<rss><channel><item><title>A</title></item></channel></rss>\n<x/>\n",
        "<!DOCTYPE root SYSTEM \"http://bookrec.invalid/x.dtd\">\n<root><t>a &nbsp; b</t></root>",
        "<!DOCTYPE r [<!ATTLIST r scale CDATA \"10\"><!ATTLIST a tag CDATA \"245\">]>\n<r><a/><a tag=\"1\"/></r>\n",
        "<!DOCTYPE r [<!ENTITY e \"x\">]>\n<r>&e;</r>\n",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE r [<!ENTITY a \"aa\"><!ENTITY b \"&a;&a;\">]>\n<r a=\"&b;\">&b;</r>",
        "<r>\n<t><![CDATA[one]]><![CDATA[two]]>three<!-- c -->four<?p i?>&amp;five</t>\n</r>\n",
        "<r xmlns=\"urn:d\" xmlns:x=\"urn:x\" x:a=\"1\" b=\"2\"><x:e y:z=\"3\"/><y:f/></r>",
        "\u{FEFF}<r>\r\n<a b=\"c\r\nd\"/>\r\n\r</r>\r\n",
        String(repeating: "<a>", count: 300),
        String(repeating: "<a>\n", count: 200) + String(repeating: "</a>", count: 200),
        "<r>" + (0...300).map { " a\($0)=\"\($0)\"" }.joined() + "/>",
        "", "\n", "<", "<r", "<r/>", "<r/>\n<r/>", "x<r/>", "<r>\u{0}</r>",
        "<?xml version=\"1.0\" encoding=\"nope\"?><r/>",
    ]

    /// Larger documents, made when a test needs one.
    static let generated: [@Sendable () -> [UInt8]] = [
        // Ratings one a line, past line 65535, cut inside the last.
        { Array(lines(70_000).utf8.dropLast(25)) },
        // No line feed at all: libxml2's reader pushed 512 bytes at a time.
        { Array(lines(3_000).replacingOccurrences(of: "\n", with: "").utf8.dropLast(30)) },
        // Lines of some kilobytes, with a break far in.
        {
            let long = (0..<400).map { "<t a=\"\(String(repeating: "x", count: $0 * 13))\"/>\n" }.joined()
            return Array(("<r>\n" + long + "<t a=\"1\" a=\"2\"/>\n" + long + "</r>\n").utf8)
        },
        // Text nodes of many lines and tags over several lines, past line 65535.
        {
            let item = "<item\n  id=\"1\">\n<title>A\nB</title>\n</item>\n"
            return Array(("<rss><channel>\n" + String(repeating: item, count: 14_000) + "</channel>\n").utf8)
        },
        // A text node over libxml2's 10 MB, then a break.
        {
            Array(
                ("<r>\n<t>" + String(repeating: "0123456789\n", count: 1_000_000) + "</t>\n<a x=\"1\" x=\"2\"/>\n</r>")
                    .utf8)
        },
    ]

    /// Ratings one a line from line 2.
    static func lines(_ count: Int) -> String {
        "<ratings>\n"
            + (0..<count).map { "  <rating user=\"u\($0 % 97)\" book=\"b\($0)\" value=\"\($0 % 5 + 1)\"/>\n" }.joined()
            + "</ratings>\n"
    }

    /// `bytes` cut, changed or added to at a seeded place.
    static func mutate(_ bytes: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        guard !bytes.isEmpty else { return Array("<".utf8) }
        var result = bytes
        let place = Int.random(in: 0..<bytes.count, using: &random)
        let snippets = [
            "<", ">", "&", "\"", "\u{0}", "\n", "-", "/", "<!--", "-->", "]]>", "<a>", "</b>", "&x;", "<?p", "\r",
            "&#0;", "<![CDATA[",
        ]
        switch Int.random(in: 0..<4, using: &random) {
        case 0: result.removeSubrange(place..<result.count)
        case 1: result[place] = [0xFF, 0x3C, 0x3E, 0x26, 0x22, 0x0A, 0x00, 0x2D][Int.random(in: 0..<8, using: &random)]
        case 2:
            result.insert(
                contentsOf: Array(snippets[Int.random(in: 0..<snippets.count, using: &random)].utf8), at: place)
        default: result.removeSubrange(place..<min(bytes.count, place + Int.random(in: 1...40, using: &random)))
        }
        return result
    }
}
