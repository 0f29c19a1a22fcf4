import Foundation
import Testing

@testable import BookRecommender

/// `XMLStreamReader` feeds libxml2 pieces of kilobytes and reads a broken file
/// again a line at a time; it hands out exactly the nodes, lines, attributes
/// and error of a reader fed a line at a time throughout.
@Suite struct XMLStreamReaderByLineTests {
    /// Every node the reader hands out (kind, depth, name, line and, for
    /// elements, attributes) and the error it stops with.
    static func walk(_ path: String, byLine: Bool) -> (nodes: [String], error: IngestError?) {
        var nodes: [String] = []
        do {
            var reader = try XMLStreamReader(path: path, byLine: byLine)
            while try reader.advance() {
                let attributes = reader.nodeKind == .element ? "\(reader.attributes())" : ""
                nodes.append("\(reader.nodeKind) \(reader.depth) \(reader.localName) \(reader.line) \(attributes)")
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
    func piecesAndLinesHandOutTheSame(_ text: String) throws {
        let path = try XMLFixtures.write(text)
        let byLine = Self.walk(path, byLine: true)
        let byPiece = Self.walk(path, byLine: false)
        #expect(byPiece.nodes.count == byLine.nodes.count)
        #expect(byPiece.nodes == byLine.nodes)
        #expect(byPiece.error == byLine.error)
    }

    /// Where several records share the line of a break, the line-fed reader
    /// hands out every element on the lines before it, and no more.
    @Test func aBreakDeepInAPieceHandsOutTheLinesBeforeIt() throws {
        let path = try XMLFixtures.write(
            Self.document(
                lines: 2_000, perLine: 3, tail: "  <rating user=\"x\"/><rating user=\"y\" user=\"z\"/>\n</ratings>\n"))
        let walked = Self.walk(path, byLine: false)
        #expect(walked.nodes.filter { $0.hasPrefix("element 1 rating") }.count == 6_000)
        #expect(walked.error == .malformed(path: path, line: 2_003, reason: "Attribute user redefined"))
    }

    @Test(arguments: ["goodreads_shelf_rss_2026_currently-reading.xml", "goodreads_rss_mixed.xml", "ratings_utf16.xml"])
    func fixturesHandOutTheSame(_ fixture: String) {
        let path = XMLFixtures.path(fixture)
        let byLine = Self.walk(path, byLine: true)
        #expect(!byLine.nodes.isEmpty && byLine.error == nil)
        #expect(Self.walk(path, byLine: false).nodes == byLine.nodes)
    }
}
