import Foundation
import Testing

@testable import BookRecommender

/// `XMLStream` hands out exactly what libxml2's `xmlTextReader` fed a line at
/// a time hands out (`LibXML2WalkOracle`): the same nodes, kinds, depths,
/// names, lines, attributes and text, and the same error with the same line
/// and words, on fixtures, hostile and broken documents, documents with long
/// lines and past line 65535, and seeded mutations of them all.
@Suite struct XMLStreamOracleTests {
    /// The walk of `XMLStream`, each node described as `LibXML2WalkOracle.describeNode()` does.
    static func walk(_ path: String) -> [String] {
        var lines: [String] = []
        do {
            var stream = try XMLStream(path: path)
            while try stream.advance() {
                var description =
                    "\(stream.nodeKind) \(stream.depth) \(stream.localName) \(stream.line) \(stream.isEmptyElement)"
                switch stream.nodeKind {
                case .element:
                    description +=
                        " \(stream.attributes()) scale=\(stream.attribute("scale") ?? "-")"
                        + " tag=\(stream.attribute("tag") ?? "-")"
                case .text: description += " \(stream.text.debugDescription)"
                case .endElement, .entityReference, .other: break
                }
                lines.append(description)
            }
        } catch {
            lines.append("error \(error)")
        }
        return lines
    }

    /// Expects the stream and libxml2's reader to walk `path` alike.
    static func expectSameWalk(_ path: String, _ label: String = "") {
        let expected = LibXML2WalkOracle.walk(path)
        let walked = walk(path)
        guard walked != expected else { return }
        let common = min(walked.count, expected.count)
        let index = (0..<common).first { walked[$0] != expected[$0] } ?? common
        Issue.record(
            """
            \(label) walks differ at node \(index) of \(expected.count):
              stream: \(index < walked.count ? walked[index] : "(end)")
              oracle: \(index < expected.count ? expected[index] : "(end)")
            """)
    }

    /// The XML fixtures of the test bundle.
    static let fixtures: [String] = {
        let folder = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/xml")
        let files =
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { ($0 as? URL)?.path }.filter { $0.hasSuffix(".xml") } ?? []
        return files.sorted()
    }()

    @Test(arguments: fixtures)
    func fixturesWalkAsLibxml2sReaderWalksThem(_ path: String) {
        Self.expectSameWalk(path)
    }

    @Test(arguments: XMLOracleDocuments.texts.indices)
    func documentsWalkAlike(_ index: Int) throws {
        let path = try XMLFixtures.write(XMLOracleDocuments.texts[index])
        Self.expectSameWalk(path, "document \(index)")
    }

    @Test(arguments: XMLOracleDocuments.generated.indices)
    func largeDocumentsWalkAlike(_ index: Int) throws {
        let path = try XMLFixtures.write("")
        try Data(XMLOracleDocuments.generated[index]()).write(to: URL(fileURLWithPath: path))
        Self.expectSameWalk(path, "generated \(index)")
    }

    /// Every fixture and document, cut and changed at seeded places.
    @Test(arguments: 0..<8)
    func mutationsWalkAlike(_ round: Int) throws {
        var random = SeededRandom(seed: UInt64(round + 1))
        let bases =
            try Self.fixtures.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            + XMLOracleDocuments.texts.map { Data($0.utf8) }
        for (number, base) in bases.enumerated() {
            for variant in 0..<6 {
                let bytes = XMLOracleDocuments.mutate(Array(base), &random)
                let path = try XMLFixtures.write("")
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                Self.expectSameWalk(path, "round \(round) base \(number) variant \(variant)")
            }
        }
    }
}
