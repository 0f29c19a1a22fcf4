import Testing

@testable import BookRecommender

@Suite struct CatalogParserTests {
    @Test func goodbooksSample() throws {
        var catalog = Catalog()
        var rejects: [Int] = []
        let rows = try CatalogParser().read(FormatFixture.file("goodbooks-10k_books.csv"), into: &catalog) {
            line, _, _ in
            rejects.append(line)
        }
        #expect(rows == RecordCounts(read: 30, used: 30, shelved: 0, rejected: 0))
        #expect(rejects.isEmpty)
        #expect(catalog.entries.count == 30)
        #expect(
            catalog.entries.first
                == Catalog.Entry(
                    bookID: "1", goodreadsID: "2767052", isbn13: "9780439023481",
                    title: "The Hunger Games (The Hunger Games, #1)", authors: ["Suzanne Collins"], year: 2008,
                    imageURL: "https://images.gr-assets.com/books/1447303603m/2767052.jpg"))
        #expect(catalog.entries[1].authors == ["J.K. Rowling", "Mary GrandPré"])
        #expect(catalog.entry(for: BookRef(localID: "goodreads:3"))?.bookID == "2")
        #expect(catalog.entry(for: BookRef(localID: "10"))?.isbn13 == "9780679783268")
        #expect(catalog.entries.allSatisfy { $0.isbn13 != nil })
    }

    /// The sample's `isbn13` floats are rounded to twelve digits: a repair
    /// from them alone must give the true ISBN (from `isbn`) or nothing.
    @Test func scientificRepairsAreNeverWrong() throws {
        var tokenizer = try CSVTokenizer(path: FormatFixture.file("goodbooks-10k_books.csv").path)
        _ = try tokenizer.next()
        var repaired = 0
        while let record = try tokenizer.next() {
            let truth = ISBN.normalize(String(repeating: "0", count: 10 - record.fields[5].count) + record.fields[5])
            let fromFloat = ISBN.normalize(record.fields[6])
            #expect(fromFloat == .empty || fromFloat.isbn13 == truth.isbn13, "line \(record.line)")
            #expect(ISBN.scientific(record.fields[6], matches: truth.isbn13 ?? ""), "line \(record.line)")
            if fromFloat != .empty { repaired += 1 }
        }
        #expect(repaired == 12)
    }

    @Test func minimalLayoutAndRejects() throws {
        let text =
            "isbn,title,authors,image_url\n0439023483,Hunger,\"A, B\",http://x/c.jpg\n,No id,C,\n9.78043902348e+12,,D,\nbad\n,,,\n"
        let file = TemporaryFile(text)
        defer { file.remove() }
        var catalog = Catalog()
        var rejects: [(Int, RejectReason)] = []
        let rows = try CatalogParser().read(InputFile(path: file.path), into: &catalog) { line, reason, _ in
            rejects.append((line, reason))
        }
        #expect(rows == RecordCounts(read: 5, used: 1, shelved: 0, blank: 1, rejected: 3))
        #expect(
            catalog.entries == [
                Catalog.Entry(
                    bookID: "9780439023481", isbn13: "9780439023481", title: "Hunger", authors: ["A", "B"],
                    imageURL: "http://x/c.jpg")
            ])
        #expect(rejects.map(\.0) == [3, 4, 5])
        #expect(rejects.map(\.1) == [.noBookID, .other("no title"), .fieldCount(expected: 4, found: 1)])
    }

    @Test func noTitleColumnIsMalformed() throws {
        let file = TemporaryFile("isbn,name\n1,2\n")
        defer { file.remove() }
        var catalog = Catalog()
        #expect(throws: IngestError.self) {
            try CatalogParser().read(InputFile(path: file.path), into: &catalog) { _, _, _ in }
        }
    }
}
