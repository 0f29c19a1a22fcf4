import Foundation

@testable import BookRecommender

/// A MARC 21 XML catalog read through `CatalogParser`, as `--catalog` reads it.
struct MARCFixture {
    var catalog = Catalog()
    var counts = RecordCounts()
    var rejects: [(line: Int, reason: RejectReason, record: String)] = []

    /// The fixture `Fixtures/xml/marc/<name>`.
    static func path(_ name: String) -> String { XMLFixtures.path("marc/\(name)") }

    /// Reads the catalog at `path`.
    /// - Throws: what `CatalogParser.read` throws.
    init(path: String) throws(IngestError) {
        var rejects: [(line: Int, reason: RejectReason, record: String)] = []
        counts = try CatalogParser().read(InputFile(path: path), into: &catalog) { line, reason, record in
            rejects.append((line, reason, record))
        }
        self.rejects = rejects
    }

    /// Reads the fixture `name`.
    init(_ name: String) throws(IngestError) {
        try self.init(path: Self.path(name))
    }

    /// The entry a loan naming `localID` resolves to.
    func entry(_ localID: String) -> Catalog.Entry? { catalog.entry(for: BookRef(localID: localID)) }

    /// Every title and author of the catalog, for checking that no entity text got in.
    var allText: String {
        catalog.entries.map { ([$0.bookID, $0.title] + $0.authors).joined(separator: "|") }.joined()
    }
}
