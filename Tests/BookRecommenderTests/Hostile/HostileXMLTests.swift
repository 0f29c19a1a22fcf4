import Foundation
import Testing

@testable import BookRecommender

/// XML attacks that `XMLAttackTests` leaves out: entities and DTDs over the
/// network (a loopback server sees whether anything is fetched), the
/// quadratic blow-up, and every attack through detection and ingest.
@Suite(.serialized) struct HostileXMLTests {
    /// Documents that point libxml2 at `url` in every way it could follow.
    static func networkDocuments(_ url: String) -> [String] {
        [
            "<?xml version=\"1.0\"?>\n<!DOCTYPE ratings [<!ENTITY x SYSTEM \"\(url)/entity\">]>\n"
                + "<ratings><rating user=\"&x;\" book=\"b\" value=\"4\"/></ratings>",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE ratings [<!ENTITY % p SYSTEM \"\(url)/parameter\"> %p;]>\n"
                + "<ratings><rating user=\"u\" book=\"b\" value=\"4\"/></ratings>",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE ratings SYSTEM \"\(url)/dtd\">\n"
                + "<ratings><rating user=\"u\" book=\"b\" value=\"4\"/></ratings>",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE ratings PUBLIC \"-//X//Y//EN\" \"\(url)/public\">\n"
                + "<ratings><rating user=\"u\" book=\"b\" value=\"4\"/></ratings>",
            "<?xml version=\"1.0\"?>\n<ratings xmlns:xi=\"http://www.w3.org/2001/XInclude\">"
                + "<xi:include href=\"\(url)/xinclude\"/><rating user=\"u\" book=\"b\" value=\"4\"/></ratings>",
            "<?xml version=\"1.0\"?>\n<?xml-stylesheet href=\"\(url)/style\"?>\n"
                + "<ratings xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
                + "xsi:schemaLocation=\"urn:x \(url)/schema\"><rating user=\"u\" book=\"b\" value=\"4\"/></ratings>",
        ]
    }

    @Test func nothingIsFetchedOverTheNetwork() throws {
        let server = try TestHTTPServer { _ in .json("\"fetched\"") }
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)"
        var paths: [String] = []
        for (index, text) in Self.networkDocuments(url).enumerated() {
            paths.append(try HostileIngest.write(Array(text.utf8), named: "net\(index).xml"))
        }
        let outcome = try HostileIngest.ingest(paths, format: nil)
        #expect(server.requests.isEmpty, "\(server.requests.map(\.path))")
        #expect(!outcome.result.data.userIDs.contains { $0.contains("fetched") })
        // The entity declarations are refused; the bare external DTD and the rest are read as plain XML.
        #expect(outcome.result.files.map(\.records.used) == [0, 0, 1, 1, 1, 1])
        #expect(outcome.result.files.prefix(2).allSatisfy { $0.error != nil }, "\(outcome.result.files.map(\.error))")
    }

    @Test func quadraticBlowUpIsRefusedQuickly() throws {
        let big = String(repeating: "A", count: 50_000)
        let text =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE ratings [<!ENTITY a \"\(big)\">]>\n<ratings>"
            + String(repeating: "<rating user=\"&a;&a;&a;&a;&a;&a;&a;&a;\" book=\"b\" value=\"4\"/>", count: 2000)
            + "</ratings>"
        let path = try HostileIngest.write(Array(text.utf8), named: "quadratic.xml")
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try HostileIngest.ingest([path], format: nil)
        #expect(clock.now - start < .seconds(10))
        #expect(outcome.counts.used == 0 && outcome.counts.rejected == 1)
        #expect(outcome.rejects.first?.reason.description == "the DOCTYPE declares entities, which are not accepted")
    }

    @Test func billionLaughsIsOneClearRejectThroughDetection() throws {
        let fixture = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/xml/ratings_billion_laughs.xml")
        let path = try HostileIngest.write(Array(try Data(contentsOf: fixture)), named: "laughs.xml")
        let outcome = try HostileIngest.ingest([path], format: nil)
        #expect(outcome.counts == RecordCounts(read: 1, used: 0, shelved: 0, rejected: 1))
        let error = try #require(outcome.report.error)
        #expect(error.hasPrefix("\(path):1"))
        #expect(error.contains(": the DOCTYPE declares entities, which are not accepted"))
    }
}
