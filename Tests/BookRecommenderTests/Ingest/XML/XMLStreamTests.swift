import Foundation
import Testing

@testable import BookRecommender

@Suite struct XMLStreamTests {
    /// Reads `path` to the end and returns the error it throws, if any.
    private func drain(_ path: String) -> IngestError? {
        do {
            var reader = try XMLStream(path: path)
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
        var reader = try XMLStream(path: path)
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
            _ = try XMLStream(path: "/nonexistent.xml")
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
        let depth = XMLLimits.maxDepth + 1
        let path = try XMLFixtures.write(
            String(repeating: "<a>\n", count: depth + 1) + String(repeating: "</a>", count: depth + 1))
        #expect(
            drain(path) == .malformed(path: path, line: depth + 1, reason: "elements are nested deeper than 128"))
        let fine = XMLLimits.maxDepth + 1
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
        let attributes = (0...XMLLimits.maxAttributes).map { " a\($0)=\"\($0)\"" }.joined()
        let path = try XMLFixtures.write("<ratings>\n<rating\(attributes)/>\n</ratings>")
        #expect(drain(path) == .malformed(path: path, line: 2, reason: "<rating> has more than 256 attributes"))
        let fine = (1..<XMLLimits.maxAttributes).map { " a\($0)=\"\($0)\"" }.joined()
        #expect(drain(try XMLFixtures.write("<ratings>\n<rating\(fine)/>\n</ratings>")) == nil)
    }

    @Test func overlongTextIsRefused() throws {
        let chunk = "<![CDATA[" + String(repeating: "x", count: 1 << 16) + "]]>"
        let path = try XMLFixtures.write("<root>\n<t>" + String(repeating: chunk, count: 17) + "</t></root>")
        var reader = try XMLStream(path: path)
        while try reader.advance(), reader.localName != "t" {}
        #expect(throws: IngestError.malformed(path: path, line: 2, reason: "text of <t> is longer than 1048576 bytes"))
        {
            _ = try reader.readElementText()
        }
    }

    @Test func undeclaredEntityReferencesStayVisible() throws {
        let path = try XMLFixtures.write(
            "<!DOCTYPE root SYSTEM \"http://bookrec.invalid/x.dtd\">\n<root><t>a &nbsp; b</t></root>")
        var reader = try XMLStream(path: path)
        while try reader.advance(), reader.localName != "t" {}
        #expect(try reader.readElementText() == "a &nbsp; b")
    }

    /// A document that stops on its last line with its root still open says it
    /// looks cut short, keeping libxml2's words; other breaks keep libxml2's alone.
    @Test(
        arguments: [
            // Cut after a whole element: libxml2 calls it extra content.
            ("<r>\n<a x=\"1\"/>\n<a x=\"2\"/>\n", 3, "Extra content at the end of the document", true),
            // Cut inside an attribute value, with no line feed at the end.
            ("<r>\n<a x=\"1\"/>\n<a x=\"2", 3, nil, true),
            // Blank lines after the cut: libxml2 stops on the last of them.
            ("<r>\n<a x=\"1\"/>\n<a x=\"2\"/>\n\n  \n", 6, "Extra content at the end of the document", true),
            // Content after the closed root (plain or prefixed): not cut short.
            ("<r>\n<a x=\"1\"/>\n</r>\n<a x=\"2\"/>\n", 4, "Extra content at the end of the document", false),
            ("<p:r xmlns:p=\"urn:p\">\n<a/>\n</p:r >\n<a/>\n", 4, "Extra content at the end of the document", false),
            // A break with more lines after it: libxml2's words alone, even though the root never closes.
            ("<r>\n<a x=\"1\" x=\"2\"/>\n<a/>\n", 2, nil, false),
        ] as [(String, Int, String?, Bool)])
    func aDocumentCutShortSaysSo(_ text: String, _ line: Int, _ libxml2: String?, _ cutShort: Bool) throws {
        let path = try XMLFixtures.write(text)
        guard case .malformed(path, line, let reason) = drain(path) else {
            Issue.record("expected malformed at line \(line), got \(String(describing: drain(path)))")
            return
        }
        let prefix = "the file ends inside <r>, which is never closed: was it cut short? (libxml2: "
        #expect(reason.hasPrefix(prefix) == cutShort, "\(reason)")
        if let libxml2 { #expect(reason == (cutShort ? prefix + libxml2 + ")" : libxml2)) }
    }
}
