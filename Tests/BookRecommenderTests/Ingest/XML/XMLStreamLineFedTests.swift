import Foundation
import Testing

@testable import BookRecommender

/// `XMLStream` parses a file once, a line at a time, and hands out exactly
/// the nodes, lines, attributes and error of libxml2's reader fed a line at a
/// time throughout (`LibXML2WalkOracle`), however large the file and wherever
/// it breaks.
@Suite struct XMLStreamLineFedTests {
    /// Every node the stream hands out (kind, depth, name, line and, for
    /// elements, attributes) and the error it stops with.
    static func walk(_ path: String) -> (nodes: [String], error: IngestError?) {
        var nodes: [String] = []
        do {
            var stream = try XMLStream(path: path)
            while try stream.advance() {
                let attributes = stream.nodeKind == .element ? "\(stream.attributes())" : ""
                nodes.append("\(stream.nodeKind) \(stream.depth) \(stream.localName) \(stream.line) \(attributes)")
            }
            return (nodes, nil)
        } catch {
            return (nodes, error)
        }
    }

    /// Ratings one a line from line 3, `perLine` on each line, then `tail`.
    static func document(lines: Int, perLine: Int, tail: String) -> String {
        let element = { (index: Int) in
            "<rating user=\"u\(index % 97)\" book=\"b\(index)\" value=\"\(index % 5 + 1)\"/>"
        }
        let body = (0..<lines).map { line in
            "  " + (0..<perLine).map { element(line * perLine + $0) }.joined() + "\n"
        }
        return "<?xml version=\"1.0\"?>\n<ratings>\n" + body.joined() + tail
    }

    @Test(arguments: [
        document(lines: 20_000, perLine: 1, tail: "</ratings>\n"),
        document(lines: 20_000, perLine: 1, tail: "  <rating user=\"a\" user=\"b\"/>\n</ratings>\n"),
        document(lines: 5_000, perLine: 3, tail: "  <rating user=\"a\"/><rating user=\"b\" value=\"1\"/><broken\n"),
        document(lines: 3_000, perLine: 4, tail: "  <rating user=\"a\"/>\n  <rating user=\"b\" value=\"1\""),
        document(lines: 3_000, perLine: 2, tail: "  <a><b></a>\n</ratings>\n"),
        document(lines: 3_000, perLine: 2, tail: "  <rating user=\"\u{1}\"/>\n</ratings>\n"),
        "<ratings>\n<rating user=\"1\"/><rating user=\"2\"/><rating user=\"3\" user=\"3\"/>\n</ratings>\n",
        RatingsXMLByteReadTests.tricky,
    ])
    func largeAndBrokenDocumentsWalkAsTheLineFedReader(_ text: String) throws {
        let path = try XMLFixtures.write(text)
        XMLStreamOracleTests.expectSameWalk(path)
        #expect(!Self.walk(path).nodes.isEmpty)
    }

    /// Where several records share the line of a break, the stream hands out
    /// every element on the lines before it, and no more.
    @Test func aBreakDeepInTheFileHandsOutTheLinesBeforeIt() throws {
        let path = try XMLFixtures.write(
            Self.document(
                lines: 2_000, perLine: 3, tail: "  <rating user=\"x\"/><rating user=\"y\" user=\"z\"/>\n</ratings>\n"))
        let walked = Self.walk(path)
        #expect(walked.nodes.filter { $0.hasPrefix("element 1 rating") }.count == 6_000)
        #expect(walked.error == .malformed(path: path, line: 2_003, reason: "Attribute user redefined"))
    }

    @Test(arguments: ["goodreads_shelf_rss_2026_currently-reading.xml", "goodreads_rss_mixed.xml", "ratings_utf16.xml"])
    func fixturesHandOutWhatTheLineFedReaderDoes(_ fixture: String) {
        let path = XMLFixtures.path(fixture)
        let walked = Self.walk(path)
        #expect(!walked.nodes.isEmpty && walked.error == nil)
        XMLStreamOracleTests.expectSameWalk(path)
    }
}
