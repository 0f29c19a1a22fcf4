import Foundation
import Testing

@testable import BookRecommender

@Suite struct BookDatabaseTests {
    static let keys = ["9780439554930", "42", "9780060929879"]
    static let items = [
        ItemInfo(
            isbn13: "9780439554930", title: "Harry Potter and the Sorcerer's Stone", authors: ["J.K. Rowling"],
            imageURL: "https://images.gr-assets.com/books/1474154022m/3.jpg"),
        ItemInfo(title: "A book with only a catalog id"),
        ItemInfo(isbn13: "9780060929879", title: "The Color Purple", imageURL: "javascript:alert(1)"),
    ]

    static func book(_ document: JSONValue, _ index: Int) throws -> [String: JSONValue] {
        guard case .object(let root) = document, case .array(let books)? = root["books"],
            case .object(let book) = books[index]
        else { throw CoreMLSpec.DecodingError(description: "not a books.json document") }
        return book
    }

    @Test func listsEveryItemSortedByKeyWithNullsForWhatIsUnknown() throws {
        let database = BookDatabase(itemKeys: Self.keys, items: Self.items) { _ in nil }
        let document = database.document
        #expect(document.text.hasPrefix("{\n  \"books\": [\n"))
        #expect(
            try (0..<3).map { try Self.book(document, $0)["item"] } == [
                .string("42"), .string("9780060929879"), .string("9780439554930"),
            ])
        let bare = try Self.book(document, 0)
        #expect(
            bare == [
                "item": .string("42"), "isbn13": .null, "title": .string("A book with only a catalog id"),
                "authors": .array([]), "cover": .null,
            ])
        // A link that is not http(s) is dropped, not written.
        #expect(try Self.book(document, 1)["cover"] == .null)
        #expect(try Self.book(document, 2)["cover"] == .string("https://images.gr-assets.com/books/1474154022m/3.jpg"))
        #expect(database.coverCount == 1)
    }

    @Test func theCacheFillsAuthorsAndTitleAndItsCoverWins() throws {
        let cached = Enrichment(
            status: .ok, title: "Purple", authors: ["Alice Walker"],
            thumbnail: "https://books.google.com/books/content?id=abc&printsec=frontcover&img=1&zoom=1")
        let database = BookDatabase(itemKeys: Self.keys, items: Self.items) { key in
            switch key {
            case "9780060929879": cached
            case "9780439554930": Enrichment(status: .notFound, authors: ["Nobody"], thumbnail: "https://x.test/a.jpg")
            default: nil
            }
        }
        let purple = try Self.book(database.document, 1)
        #expect(purple["title"] == .string("The Color Purple"))
        #expect(purple["authors"] == .array([.string("Alice Walker")]))
        #expect(purple["cover"] == .string(cached.thumbnail!))
        // A not-found entry adds nothing.
        let potter = try Self.book(database.document, 2)
        #expect(potter["authors"] == .array([.string("J.K. Rowling")]))
        #expect(potter["cover"] == .string("https://images.gr-assets.com/books/1474154022m/3.jpg"))
        #expect(database.coverCount == 2)
    }

    @Test func writeReadsTheEnrichmentCacheAndPutsBooksJsonBesideTheModel() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coreml-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cacheFolder = folder.appendingPathComponent("cache")
        try EnrichCache(folder: cacheFolder, options: EnrichOptions())
            .write(Enrichment(status: .ok, authors: ["Cached Author"], thumbnail: "https://c.test/d.jpg"), for: "D")
        let data = workedExample
        let model = CollaborativeFilter().fit(data)
        let url = folder.appendingPathComponent("app/books.mlmodel")
        let written = try CoreMLExport.write(
            model: bookModel(model, data, trainedAt: CoreMLSpecTests.trainedAt), to: url, cacheFolder: cacheFolder)
        #expect(written.model == url)
        #expect(written.books == folder.appendingPathComponent("app/books.json"))
        #expect(written.items == 4 && written.covers == 1 && written.links == model.neighborLinks)
        let books = String(decoding: try Data(contentsOf: written.books), as: UTF8.self)
        #expect(
            books.contains(
                "\"authors\": [\n        \"Cached Author\"\n      ],\n      \"cover\": \"https://c.test/d.jpg\""))
        let spec = try CoreMLSpec(decoding: [UInt8](try Data(contentsOf: url)))
        #expect(spec == CoreMLExport.spec(model: bookModel(model, data, trainedAt: CoreMLSpecTests.trainedAt)))
    }

    @Test func anUnwritableFolderIsAReportError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("coreml-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let model = CollaborativeFilter().fit(workedExample)
        #expect {
            try CoreMLExport.write(
                model: bookModel(model, workedExample), to: file.appendingPathComponent("m.mlmodel"), cacheFolder: nil)
        } throws: { error in
            guard case .cannotCreateFolder? = error as? ReportError else { return false }
            return true
        }
    }
}
