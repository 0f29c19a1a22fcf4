import Foundation
import Testing

@testable import BookRecommender

/// Where a piece ends in something other than markup and blanks, or the lines
/// around a cut are long, the byte read still gives what the `String` read
/// gives, whatever the thread count and piece size; and a document breaks
/// once, read once.
@Suite struct RatingsXMLPiecesTests {
    /// Ratings one a line from line 3, with `between` after every 7th.
    static func document(count: Int, between: String, lineEnd: String = "\n") -> String {
        "<?xml version=\"1.0\"?>\(lineEnd)<ratings>\(lineEnd)"
            + (0..<count).map { index in
                "<rating user=\"u\(index % 31)\" book=\"b\(index % 53)\" value=\"\(index % 5 + 1)\"/>"
                    + (index % 7 == 0 ? between : "") + lineEnd
            }.joined() + "</ratings>\(lineEnd)"
    }

    @Test(arguments: [
        document(count: 400, between: " a note > with a greater-than"),
        document(count: 400, between: "&#32;"),
        document(count: 400, between: "<!-- c -->"),
        document(count: 400, between: "", lineEnd: "\r\n"),
        document(count: 400, between: " <x>" + String(repeating: "long ", count: 80) + "</x>"),
        document(count: 400, between: "<broken", lineEnd: "\n"),
        document(count: 400, between: " \r\n\n  "),
    ])
    func piecesEndingInTextReadAsTheWholeFile(_ text: String) throws {
        let path = try XMLFixtures.write(text)
        let expected = XMLReadOutcome.read(path, .strings)
        for route in XMLReadOutcome.byteRoutes {
            let outcome = XMLReadOutcome.read(path, route)
            #expect(outcome.error == expected.error, "\(route)")
            if expected.error == nil { #expect(outcome == expected, "\(route)") }
        }
    }

    /// libxml2's tree builder refused a text node over 10 MB: the walk
    /// reports that, while the start tags libxml2 parsed after it are kept
    /// up to where the document breaks later.
    @Test func aHugeTextNodeIsTheErrorOfALaterBreak() throws {
        let text =
            "<ratings>\n<rating user=\"a\" book=\"1\" value=\"4\"/>\n<t>"
            + String(repeating: "0123456789\n", count: 1_000_000)
            + "</t>\n<rating user=\"b\" book=\"2\" value=\"5\"/>\n<rating user=\"c\" user=\"c\"/>\n</ratings>\n"
        let path = try XMLFixtures.write(text)
        for route in [XMLReadOutcome.byteRoutes[0], XMLReadOutcome.byteRoutes.last!] {
            let outcome = XMLReadOutcome.read(path, route)
            #expect(outcome.snapshot.userIDs == ["a", "b"], "\(route)")
            #expect(outcome.error?.reason == XMLLimits.treeTextTooLong, "\(route)")
        }
        #expect(
            XMLReadOutcome.read(path, .strings).error == XMLReadOutcome.read(path, XMLReadOutcome.byteRoutes[0]).error)
    }

    /// A cut is kept only where a stream can start on its own.
    @Test func freshStartsNeedShortLinesAroundTheCut() throws {
        let short = "<ratings>\n<a/>\n<b/>\n<c/>  \n<d/>\n</ratings>\n"
        let path = try XMLFixtures.write(short)
        let cut = try #require(try XMLLineFeeder.freshStart(path, before: 27, after: 10))
        #expect(cut.start == 24 && cut.lineFeeds == 1)
        // Lines start at 10, 320 (after a line of 310 bytes), 325, 330 and 335.
        let long = "<ratings>\n<a x=\"" + String(repeating: "x", count: 300) + "\"/>\n<b/>\n<c/>\n<d/>\n</ratings>\n"
        let longPath = try XMLFixtures.write(long)
        for tooNear in [320, 325, 330] {
            #expect(try XMLLineFeeder.freshStart(longPath, before: tooNear, after: 10) == nil, "\(tooNear)")
        }
        let after = try #require(try XMLLineFeeder.freshStart(longPath, before: 335, after: 10))
        #expect(after.start == 334 && after.lineFeeds == 1)
    }
}
