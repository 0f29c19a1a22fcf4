import Foundation
import Testing

@testable import BookRecommender

/// Hostile documents: external entities (XXE) and entity expansion bombs.
@Suite struct XMLAttackTests {
    private static let secret = "TOP-SECRET-\(UUID().uuidString)"

    /// Copies `fixture` into a new folder beside a file `xxe-secret.txt`
    /// holding the secret, and returns the copy's path and the secret's path.
    private func copyBesideSecret(_ fixture: String) throws -> (document: String, secret: String) {
        let folder = try XMLFixtures.makeTemporaryFolder()
        let secret = folder.appendingPathComponent("xxe-secret.txt")
        try Data(Self.secret.utf8).write(to: secret)
        let document = folder.appendingPathComponent(fixture)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: XMLFixtures.path(fixture)), to: document)
        return (document.path, secret.path)
    }

    /// Reads `path` with `RatingsXMLFormat`, returning the sink, the error and the time taken.
    private func readRatings(_ path: String) -> (sink: CollectingSink, error: IngestError?, duration: Duration) {
        var sink = CollectingSink()
        var error: IngestError?
        let duration = ContinuousClock().measure {
            do throws(IngestError) {
                try RatingsXMLFormat().read(InputFile(path: path), into: &sink)
            } catch let caught {
                error = caught
            }
        }
        return (sink, error, duration)
    }

    @Test(arguments: ["ratings_xxe.xml", "ratings_xxe_parameter.xml"])
    func externalEntitiesAreNeverRead(_ fixture: String) throws {
        let (document, _) = try copyBesideSecret(fixture)
        let result = readRatings(document)
        #expect(result.sink.total == 0)
        #expect(!result.sink.allText.contains(Self.secret))
        let message = result.error.map(String.init(describing:)) ?? ""
        #expect(!message.contains(Self.secret))
        guard case .malformed(_, let line, let reason) = result.error else {
            Issue.record("expected malformed, got \(String(describing: result.error))")
            return
        }
        #expect(line == 5 || line == 6)
        #expect(reason.contains("entities"))
    }

    @Test func absoluteExternalEntityIsNeverRead() throws {
        let (_, secret) = try copyBesideSecret("ratings_xxe.xml")
        let path = try XMLFixtures.write(
            """
            <?xml version="1.0"?>
            <!DOCTYPE ratings [<!ENTITY s SYSTEM "file://\(secret)">]>
            <ratings><rating user="u1" isbn="9780439023481" value="4" title="&s;"/><t>&s;</t></ratings>
            """)
        let result = readRatings(path)
        #expect(result.sink.total == 0)
        let message = result.error.map(String.init(describing:)) ?? ""
        #expect(!message.contains(Self.secret))
        #expect(result.error != nil)
    }

    @Test func externalDTDIsNotLoaded() throws {
        let (_, secret) = try copyBesideSecret("ratings_xxe.xml")
        let path = try XMLFixtures.write(
            """
            <?xml version="1.0"?>
            <!DOCTYPE ratings SYSTEM "file://\(secret)">
            <ratings><rating user="u1" isbn="9780439023481" value="4"/></ratings>
            """)
        let result = readRatings(path)
        #expect(result.error == nil)
        #expect(result.sink.ratings.map(\.user) == ["u1"])
        #expect(!result.sink.allText.contains(Self.secret))
    }

    @Test func billionLaughsNeverExpands() throws {
        let path = XMLFixtures.path("ratings_billion_laughs.xml")
        let result = readRatings(path)
        #expect(result.sink.total == 0)
        #expect(!result.sink.allText.contains("lollol"))
        guard case .malformed(_, _, let reason) = result.error else {
            Issue.record("expected malformed, got \(String(describing: result.error))")
            return
        }
        #expect(!reason.contains("lollol"))
        #expect(result.duration < .seconds(10))
    }

    @Test func billionLaughsIsRefusedByTheRootDetectorToo() {
        #expect(throws: IngestError.self) {
            try XMLRootDetector.rootElementName(ofFileAt: XMLFixtures.path("ratings_billion_laughs.xml"))
        }
    }
}
