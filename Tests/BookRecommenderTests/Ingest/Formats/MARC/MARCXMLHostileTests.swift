import Foundation
import Testing

@testable import BookRecommender

/// Hostile MARC 21 XML catalogs: the limits every XML path has hold for
/// `--catalog` too, and nothing an entity names gets into an entry.
@Suite struct MARCXMLHostileTests {
    private static let secret = "TOP-SECRET-\(UUID().uuidString)"

    /// The error reading `path` as a catalog throws, with what was read before it.
    private func failure(_ path: String) -> (error: IngestError?, duration: Duration) {
        var error: IngestError?
        let duration = ContinuousClock().measure {
            do throws(IngestError) {
                let read = try MARCFixture(path: path)
                Issue.record("read \(read.catalog.entries.count) entries: \(read.allText)")
            } catch let caught {
                error = caught
            }
        }
        return (error, duration)
    }

    @Test func billionLaughsIsRefusedAtOnceNamingTheFile() throws {
        let path = MARCFixture.path("billion_laughs.xml")
        let (error, duration) = failure(path)
        guard case .malformed(let errorPath, _, let reason) = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(errorPath == path)
        #expect(reason.contains("the DOCTYPE declares entities, which are not accepted"))
        #expect(!reason.contains("lollol"))
        #expect(duration < .seconds(10))
    }

    @Test func externalEntitiesAreNeverRead() throws {
        let folder = try XMLFixtures.makeTemporaryFolder()
        try Data(Self.secret.utf8).write(to: folder.appendingPathComponent("xxe-secret.txt"))
        let document = folder.appendingPathComponent("catalog.xml")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: MARCFixture.path("xxe.xml")), to: document)
        let (error, _) = failure(document.path)
        guard case .malformed(let errorPath, let line, let reason) = error else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(errorPath == document.path)
        #expect(line == 6)
        #expect(reason.contains("entities"))
        let message = String(describing: error)
        #expect(!message.contains(Self.secret))
        #expect(!message.contains("root:"))
    }

    @Test func anExternalEntityWithoutADeclarationStaysUnexpanded() throws {
        // No DOCTYPE: `&passwd;` is an undeclared entity, a libxml2 error at its line.
        let path = try XMLFixtures.write(
            """
            <collection>
            <record><controlfield tag="001">a</controlfield>
            <datafield tag="245" ind1="0" ind2="0"><subfield code="a">Kept</subfield></datafield></record>
            <record><controlfield tag="001">b</controlfield>
            <datafield tag="245" ind1="0" ind2="0"><subfield code="a">&passwd;</subfield></datafield></record>
            </collection>
            """)
        let read = try MARCFixture(path: path)
        #expect(read.catalog.entries.map(\.title) == ["Kept"])
        #expect(!read.allText.contains("root:"))
        #expect(read.rejects.map(\.line) == [5])
        #expect(read.rejects.first?.reason.description.contains("passwd") == true)
    }

    /// A catalog whose second record holds `depth` nested elements.
    static func deeplyNested(_ depth: Int) -> String {
        "<collection>\n<record><controlfield tag=\"001\">d1</controlfield>"
            + "<datafield tag=\"245\" ind1=\"0\" ind2=\"0\"><subfield code=\"a\">Kept</subfield></datafield></record>\n"
            + "<record><controlfield tag=\"001\">d2</controlfield>\n"
            + String(repeating: "<datafield tag=\"245\">", count: depth) + "deep"
            + String(repeating: "</datafield>", count: depth) + "\n</record>\n</collection>\n"
    }

    @Test func deepNestingIsABreakAfterTheRecordsBeforeIt() throws {
        let path = try XMLFixtures.write(Self.deeplyNested(10_000))
        let (read, duration) = try ContinuousClock().measureResult { try MARCFixture(path: path) }
        #expect(duration < .seconds(10))
        #expect(read.catalog.entries.map(\.bookID) == ["d1"])
        #expect(read.counts == RecordCounts(read: 2, used: 1, shelved: 0, rejected: 1))
        #expect(read.rejects.map(\.line) == [4])
        #expect(read.rejects.first?.reason == .other("elements are nested deeper than \(XMLLimits.maxDepth)"))
    }

    @Test func deepNestingStopsAFailRunNamingTheFile() throws {
        let path = try XMLFixtures.write(Self.deeplyNested(10_000))
        let rejects = RejectLog(streamingTo: nil, keep: 10)
        let ingestor = Ingestor(format: nil, columns: nil, policy: .fail)
        #expect(
            throws: IngestError.badRecord(
                path: path, line: 4, reason: .other("elements are nested deeper than \(XMLLimits.maxDepth)"))
        ) { try ingestor.ingest([], catalogFile: InputFile(path: path), rejects: rejects) }
    }

    @Test func aBombCatalogStopsIngestNamingTheFile() throws {
        let path = MARCFixture.path("billion_laughs.xml")
        let ingestor = Ingestor(format: nil, columns: nil, policy: .skip)
        let error = #expect(throws: IngestError.self) {
            try ingestor.ingest([], catalogFile: InputFile(path: path), rejects: RejectLog(streamingTo: nil))
        }
        #expect(error.map(String.init(describing:))?.hasPrefix("\(path):") == true)
        #expect(error?.reason.contains("entities") == true)
    }
}

extension ContinuousClock {
    /// The value `body` returns and how long it took.
    fileprivate func measureResult<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
        let start = now
        let value = try body()
        return (value, now - start)
    }
}
