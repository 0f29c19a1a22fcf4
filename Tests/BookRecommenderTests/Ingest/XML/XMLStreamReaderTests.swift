import Foundation
import Testing

@testable import BookRecommender

@Suite struct XMLStreamReaderTests {
    /// Reads `path` to the end and returns the error it throws, if any.
    private func drain(_ path: String) -> IngestError? {
        do {
            var reader = try XMLStreamReader(path: path)
            while try reader.advance() {}
            return nil
        } catch {
            return error
        }
    }

    @Test func walksElementsAttributesAndText() throws {
        let path = try XMLFixtures.write(
            """
            <?xml version="1.0"?>
            <root a="1" b="x &amp; y">
              <item><![CDATA[one <two>]]> &amp; three<em>four</em></item>
              <empty/>
            </root>
            """)
        var reader = try XMLStreamReader(path: path)
        var seen: [String] = []
        while try reader.advance() {
            guard reader.nodeKind == .element else { continue }
            switch reader.localName {
            case "root":
                #expect(reader.depth == 0 && reader.line == 2)
                #expect(reader.attribute("b") == "x & y" && reader.attribute("c") == nil)
                #expect(reader.attributes().map(\.name) == ["a", "b"])
                #expect(reader.attribute("a") == "1")
            case "item":
                #expect(reader.depth == 1 && reader.line == 3)
                #expect(try reader.readElementText() == "one <two> & threefour")
                #expect(reader.nodeKind == .endElement && reader.localName == "item")
            case "empty":
                #expect(reader.isEmptyElement && reader.line == 4)
                #expect(try reader.readElementText() == "")
            default:
                break
            }
            seen.append(reader.localName)
        }
        #expect(seen == ["root", "item", "empty"])
    }

    @Test func missingFileAndFolderCannotBeRead() throws {
        #expect(throws: IngestError.cannotRead(path: "/nonexistent.xml", reason: "No such file or directory")) {
            _ = try XMLStreamReader(path: "/nonexistent.xml")
        }
        let folder = try XMLFixtures.makeTemporaryFolder().path
        #expect(drain(folder) == .cannotRead(path: folder, reason: "Is a directory"))
    }

    @Test func brokenDocumentNamesTheLine() throws {
        let path = try XMLFixtures.write("<ratings>\n<rating/>\n<rating user=\"a\" user=\"b\"/>\n</ratings>\n")
        guard case .malformed(_, let line, let reason) = drain(path) else {
            Issue.record("expected malformed")
            return
        }
        #expect(line == 3)
        #expect(reason.contains("user"))
    }

    @Test func nestingDeeperThanTheBoundIsRefused() throws {
        let depth = XMLStreamReader.maxDepth + 1
        let path = try XMLFixtures.write(
            String(repeating: "<a>\n", count: depth + 1) + String(repeating: "</a>", count: depth + 1))
        #expect(
            drain(path) == .malformed(path: path, line: depth + 1, reason: "elements are nested deeper than 128"))
        let fine = XMLStreamReader.maxDepth + 1
        #expect(
            drain(try XMLFixtures.write(String(repeating: "<a>", count: fine) + String(repeating: "</a>", count: fine)))
                == nil)
    }

    @Test func deepNestingBomb() throws {
        let path = try XMLFixtures.write(String(repeating: "<a>", count: 100_000))
        guard case .malformed(_, 1, let reason) = drain(path) else {
            Issue.record("expected malformed on line 1")
            return
        }
        #expect(reason.contains("depth") || reason.contains("nested"))
    }

    @Test func tooManyAttributesAreRefused() throws {
        let attributes = (0...XMLStreamReader.maxAttributes).map { " a\($0)=\"\($0)\"" }.joined()
        let path = try XMLFixtures.write("<ratings>\n<rating\(attributes)/>\n</ratings>")
        #expect(drain(path) == .malformed(path: path, line: 2, reason: "<rating> has more than 256 attributes"))
        let fine = (1..<XMLStreamReader.maxAttributes).map { " a\($0)=\"\($0)\"" }.joined()
        #expect(drain(try XMLFixtures.write("<ratings>\n<rating\(fine)/>\n</ratings>")) == nil)
    }

    @Test func overlongTextIsRefused() throws {
        let chunk = "<![CDATA[" + String(repeating: "x", count: 1 << 16) + "]]>"
        let path = try XMLFixtures.write("<root>\n<t>" + String(repeating: chunk, count: 17) + "</t></root>")
        var reader = try XMLStreamReader(path: path)
        while try reader.advance(), reader.localName != "t" {}
        #expect(throws: IngestError.malformed(path: path, line: 2, reason: "text of <t> is longer than 1048576 bytes"))
        {
            _ = try reader.readElementText()
        }
    }

    @Test func undeclaredEntityReferencesStayVisible() throws {
        let path = try XMLFixtures.write(
            "<!DOCTYPE root SYSTEM \"http://bookrec.invalid/x.dtd\">\n<root><t>a &nbsp; b</t></root>")
        var reader = try XMLStreamReader(path: path)
        while try reader.advance(), reader.localName != "t" {}
        #expect(try reader.readElementText() == "a &nbsp; b")
    }
}
