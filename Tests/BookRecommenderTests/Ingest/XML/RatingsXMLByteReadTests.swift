import Foundation
import Testing

@testable import BookRecommender

/// The byte-level, piece-wise read of ratings XML gives exactly what the
/// `String` read on `XMLStream` gives: the same users, items and indices
/// in first-seen order, the same ratings, the same rejects with the same lines,
/// and the same error where the document breaks, whatever the thread count,
/// piece size or batch size; also when a cut falls inside a comment, CDATA, an
/// attribute value or a tag that spans lines.
@Suite struct RatingsXMLByteReadTests {
    /// Markup a cut after `>` and a line feed can fall into: comments, CDATA,
    /// attribute values, processing instructions and tags spread over lines,
    /// nested elements; rejects of every kind; text and number ids, `&` in
    /// ids, blanks to trim, titles that name a book already seen, a namespace,
    /// undeclared prefixes (`y:rating` is not a `rating` to libxml2's tree).
    static let tricky = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- a comment before the root, with a > and
        a line feed -->
        <!DOCTYPE ratings SYSTEM "http://bookrec.invalid/ratings.dtd">
        <ratings scale="10" xmlns:x="urn:x">
          <rating user="1" book="375" value="8"/>
          <rating user="1" book="376" value="10"/>
          <!-- <rating user="no" book="no" value="4"/>
          a > at the end of a line >
          <rating user="still no" book="no" value="4"/> -->
          <rating user="2" book="375" value="6"/>
          <![CDATA[ <rating user="cdata" book="1" value="2"/> >
          ]]>
          <rating user="2"
                  book="377"
                  value="4"/>
          <rating user=" 3 " book="b&amp;c" value=" 7 " title="a > b
          c >
          d" author="A. Writer"/>
          <rating user="3" book="b&amp;c" value="2"/>
          <rating user="3" book="b&#38;c" value="3"/>
          <?pi with a > and
          a line feed >
          ?>
          <group>
            <rating user="nested" book="1" value="4"/>
          </group>
          <rating x:user="prefixed" user="4" book="0375" value="9"/>
          <rating user="4" isbn="0-439-02348-3" value="5"/>
          <rating user="4" isbn="9780439023481" book="hg" value="5" title="The Hunger Games"/>
          <rating user="4" isbn="9780439023481" value="5" title="The Hunger Games"/>
          <rating user="5" book="375" value="x"/>
          <rating user="5" book="375" value="0"/>
          <rating user="5" book="375" value="11"/>
          <rating user="" book="375" value="4"/>
          <rating user="5" value="4"/>
          <rating user="5" isbn="0439023484" value="4"/>
          <rating user="5" book="375" value="4.5"/>
          <rating user="5" book="375" value="007"/>
          <rating user="5" book="375" value="1e1"/>
          <rating user="caf\u{E9}" book="375" value="5" xmlns:y="urn:y"/>
          <rating user="caf\u{E9}" book="376" value="5"/>
          <x:rating user="6" book="375" value="3"/>
          <other user="7" book="375" value="3"/>
          <rating user="4194304" book="99999999" value="1"/>
          <y:rating user="8" book="375" value="3"/>
          <rating z:user="9" user="7" book="1" value="2"/>
        </ratings>
        <!-- after the root -->

        """

    @Test(arguments: XMLReadOutcome.byteRoutes)
    func trickyDocumentReadsTheSameEveryWay(_ route: XMLReadOutcome.Route) throws {
        let path = try XMLFixtures.write(Self.tricky)
        let expected = XMLReadOutcome.read(path, .strings)
        #expect(expected.error == nil)
        // Line 33's 0 on the root's 1-10 scale is a shelved book, not a reject.
        #expect(expected.snapshot.rejects.map(\.line) == [32, 34, 35, 36, 37])
        #expect(expected.snapshot.shelfUser == [4] && expected.snapshot.shelfItem == [0])
        #expect(expected.snapshot.ratingValue.count == 19 && expected.snapshot.userIDs.count == 9)
        #expect(XMLReadOutcome.read(path, route) == expected)
    }

    /// The pieces of the tricky document do fall inside markup: at 16 bytes a
    /// piece, a cut lies inside the comment, the CDATA section, the spread-out
    /// tag and the title that holds line feeds.
    @Test func someCutsFallInsideMarkup() throws {
        let path = try XMLFixtures.write(Self.tricky)
        let head = try #require(try XMLDocumentHead.read(path))
        let cuts = try FileChunks.split(path, from: head.end, count: 1000, sizes: 16...16, after: UInt8(ascii: ">"))
            .dropFirst().map(\.lowerBound)
        let text = Array(Self.tricky.utf8)
        for (start, end) in [("<!-- <rating", "-->"), ("<![CDATA[", "]]>"), ("title=\"a >", "d\""), ("<?pi", "?>")] {
            let from = try #require(text.firstRange(of: Array(start.utf8))).lowerBound
            let to = try #require(text[from...].firstRange(of: Array(end.utf8))).upperBound
            #expect(cuts.contains { (from + 1..<to).contains($0) }, "no cut inside \(start)")
        }
    }

    @Test(arguments: [
        "ratings_good.xml", "ratings_bad.xml", "ratings_scale10.xml", "ratings_doctype.xml", "ratings_utf16.xml",
        "ratings_truncated.xml", "ratings_xxe.xml", "ratings_billion_laughs.xml",
    ])
    func fixturesReadTheSameEveryWay(_ fixture: String) {
        let path = XMLFixtures.path(fixture)
        let expected = XMLReadOutcome.read(path, .strings)
        for route in XMLReadOutcome.byteRoutes {
            #expect(XMLReadOutcome.read(path, route) == expected, "\(route)")
        }
    }

    /// Broken documents, one element a line: the same records before the
    /// break and the same error, with the break in the head, in the first
    /// piece, in a later one and on the last line.
    @Test(arguments: [
        "<ratings>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n<rating user=\"1\" user=\"2\"/>\n</ratings>\n",
        "<ratings>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n<rating user=\"1\" book=\"3\" value=\"4\"/>\n",
        "<ratings>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n<rating user=\"2\" book=\"3\" value=\"4\"/>\n<rat",
        "<ratings>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n\n<rating user=\"2\" book=\"\u{1}\" value=\"4\"/>\n",
        "<ratings>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n<rating user=\"2\" book=\"&nbsp;\" value=\"4\"/>\n",
        "<ratings>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n</ratings>\n<rating user=\"2\" book=\"3\" value=\"4\"/>\n",
        "<ratings>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n<a><b>\n</a>\n<rating user=\"2\" book=\"3\" value=\"4\"/>\n",
        "<ratings><rating user=\"a\" user=\"b\"/>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n</ratings>\n",
        "<ratings>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n<!-- open comment\n<rating user=\"2\"/>\n",
        // The root never closes and the last piece is one line feed: libxml2
        // leaves one unparsed byte unread at the end, which moves the error's line.
        "<ratings>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n<!-- c -->\n\n",
        "<ratings>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n<!-- c -->  \r\n \n\n\n",
        // libxml2 words this error by how the bytes were fed: the comment's
        // start is in the message when they come a line at a time.
        "<ratings>\n<rating user=\"1\" book=\"2\" value=\"3\"/>\n<!-- <a/>\n b\n</ratings>\n<!-- c -->\n",
        // A decoder failure halts libxml2 without marking the document broken.
        "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<ratings>\n<rating user=\"u1\" book=\"b\" value=\"4\"/>\n"
            + "\u{0}x\u{0}m\n<rating user=\"u2\" book=\"b\" value=\"3\"/>\n</ratings>\n",
    ])
    func brokenDocumentsReadTheSameEveryWay(_ text: String) throws {
        let path = try XMLFixtures.write(text)
        let expected = XMLReadOutcome.read(path, .strings)
        #expect(expected.error != nil)
        for route in XMLReadOutcome.byteRoutes {
            #expect(XMLReadOutcome.read(path, route) == expected, "\(route)")
        }
    }

    @Test(arguments: XMLReadOutcome.byteRoutes)
    func aFailStopsAtTheFirstBadRecordInFileOrder(_ route: XMLReadOutcome.Route) throws {
        let rows = (1...40).map { "  <rating user=\"\($0 % 7)\" book=\"\($0 % 5)\" value=\"\($0 % 5 + 1)\"/>\n" }
        let text =
            "<ratings>\n" + rows.joined() + "  <rating user=\"3\" book=\"4\" value=\"zero\"/>\n"
            + rows.joined() + "  <rating user=\"3\" value=\"1\"/>\n</ratings>\n"
        let path = try XMLFixtures.write(text)
        let expected = XMLReadOutcome.read(path, .strings, policy: .fail)
        #expect(expected.snapshot.stoppedAt == 42 && expected.snapshot.rejects.map(\.line) == [42])
        let outcome = XMLReadOutcome.read(path, route, policy: .fail)
        #expect(outcome.snapshot.stoppedAt == 42 && outcome.snapshot.rejects == expected.snapshot.rejects)
    }

    /// The byte-level read keeps the records on the line of a break that come
    /// before it, which the line-fed `XMLStream` withholds.
    @Test(arguments: XMLReadOutcome.byteRoutes)
    func recordsBeforeABreakOnItsLineAreKept(_ route: XMLReadOutcome.Route) throws {
        let text =
            "<ratings>\n<rating user=\"1\" book=\"1\" value=\"1\"/>\n"
            + "<rating user=\"2\" book=\"2\" value=\"2\"/><rating user=\"3\" book=\"3\" value=\"3\"/>"
            + "<rating user=\"4\" user=\"4\"/>\n</ratings>\n"
        let path = try XMLFixtures.write(text)
        let outcome = XMLReadOutcome.read(path, route)
        #expect(outcome.snapshot.userIDs == ["1", "2", "3"] && outcome.snapshot.ratingValue == [1, 2, 3])
        guard case .malformed(path, 3, _) = outcome.error else {
            Issue.record("expected malformed at line 3, got \(String(describing: outcome.error))")
            return
        }
        #expect(XMLReadOutcome.read(path, .strings).snapshot.userIDs == ["1"])
    }

    @Test func theHeadEndsAtTheRootsStartTag() throws {
        let text = "<?xml version=\"1.0\"?>\n<!-- <ratings> -->\n<r:ratings xmlns:r=\"urn:r\"\n  scale=\"5\">\n<r/>"
        let head = try #require(try XMLDocumentHead.read(try XMLFixtures.write(text + "</r:ratings>\n")))
        #expect(head.bytes == Array(text.utf8.dropLast(5)))
        #expect(head.rootLine == 4 && head.closingTag == Array("</r:ratings>".utf8))
        #expect(try XMLDocumentHead.read(try XMLFixtures.write("<ratings/>\n")) == nil)
        #expect(try XMLDocumentHead.read(XMLFixtures.path("ratings_utf16.xml")) == nil)
        let longDoctype = "<!DOCTYPE ratings [" + String(repeating: "<!-- x -->", count: 7000) + "]>"
        #expect(try XMLDocumentHead.read(try XMLFixtures.write(longDoctype + "<ratings>\n</ratings>\n")) == nil)
    }

    @Test func piecesEndAfterALineFeedThatFollowsAnElement() throws {
        let text = "<ratings>\n<a/> \r\n<b\n/>\n<c>x\ny</c>\n</ratings>\n"
        let path = try XMLFixtures.write(text)
        let bytes = Array(text.utf8)
        for size in 1...8 {
            let pieces = try FileChunks.split(path, from: 10, count: 100, sizes: size...size, after: UInt8(ascii: ">"))
            #expect(pieces.first?.lowerBound == 10 && pieces.last?.upperBound == Int.max)
            #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            #expect(Set(pieces.dropFirst().map(\.lowerBound)).isSubset(of: [17, 23, 34]), "\(pieces)")
        }
        #expect([16, 22, 33].allSatisfy { bytes[$0] == 0x0A })
    }
}
