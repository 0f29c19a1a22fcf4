import Foundation
import Testing

/// `--catalog` with a library's MARC 21 XML, through the built binary.
@Suite struct LibraryCatalogTests {
    static let catalog = Workspace.root.appendingPathComponent("input/library/catalog.xml").path

    /// Writes `text` to `name` in a new folder.
    private func write(_ text: String, to name: String) throws -> URL {
        let file = try Workspace.temporaryFolder().appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test func inspectCountsTheCatalogAndResolvesCopiesToOneBook() throws {
        let ratings = try write(
            "user_id,book_id,rating\np1,barcode:39000000123401,5\np2,barcode:39000000123402,4\n"
                + "p2,itemnumber:42,4\n",
            to: "loans.csv")
        defer { try? FileManager.default.removeItem(at: ratings.deletingLastPathComponent()) }
        let result = try BinaryRunner.run(["inspect", "--catalog", Self.catalog, ratings.path])
        #expect(result.status == 0, "\(result.stderr)")
        let row = result.stdout.split(separator: "\n").first { $0.hasPrefix(Self.catalog) }
        #expect(
            row?.split(separator: " ", omittingEmptySubsequences: true).map(String.init) == [
                Self.catalog, "catalog", "23", "23", "0",
            ])
        #expect(result.stdout.contains("2 users, 2 books"), "\(result.stdout)")
        // The sample's 42 holdings, its one pamphlet without an ISBN, no clash (LibraryLoansRunTests counts them).
        #expect(
            result.stdout.contains(
                "catalog: 42 copies; records without an ISBN (keyed by their 001): 1; "
                    + "naming an id an earlier record held: 0\n"
            ), "\(result.stdout)")
    }

    @Test func anEntityBombCatalogStopsTheRunWith65NamingTheFile() throws {
        var entities = "<!ENTITY l0 \"lol\">\n"
        for level in 1...12 {
            entities += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">\n"
        }
        let bomb = try write(
            "<?xml version=\"1.0\"?>\n<!DOCTYPE collection [\n\(entities)]>\n"
                + "<collection><record><controlfield tag=\"001\">&l12;</controlfield></record></collection>\n",
            to: "catalog.xml")
        let ratings = bomb.deletingLastPathComponent().appendingPathComponent("r.csv")
        try Data("user_id,book_id,rating\nu1,b1,4\n".utf8).write(to: ratings)
        defer { try? FileManager.default.removeItem(at: bomb.deletingLastPathComponent()) }
        let result = try BinaryRunner.run(["inspect", "--catalog", bomb.path, ratings.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(bomb.path):"), "\(result.stderr)")
        #expect(result.stderr.contains("the DOCTYPE declares entities, which are not accepted"))
        #expect(!result.stderr.contains("lollol") && !result.stdout.contains("lollol"))
    }
}
