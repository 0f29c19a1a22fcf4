import Testing

@testable import BookRecommender

@Suite struct BookCrossingReaderTests {
    @Test func headerlessChunkNeedsTheExplicitFormat() throws {
        let file = ReaderFixture.file("bx-book-ratings_split-chunk_no-header.csv")
        #expect(throws: IngestError.self) { try ReaderFixture.read(BookCrossingReader(), file) }
        let sink = try ReaderFixture.read(BookCrossingReader(formatNamed: true), file)
        #expect(sink.ratings.count == 5)
        #expect(sink.shelved.count == 75)
        #expect(sink.rejects.isEmpty)
        #expect(sink.total == (try ReaderFixture.dataLines(file, header: false)))
        #expect(
            sink.shelved.first
                == CollectingSink.Shelved(user: "43842", book: BookRef(isbn13: "9780739432549"), line: 1))
        #expect(Set(sink.ratings.map(\.value)).isSubset(of: [0.5, 4, 5]))
    }

    @Test func spreadsheetMangledCopy() throws {
        let file = ReaderFixture.file("bx-book-ratings_spreadsheet-mangled.csv")
        let sink = try ReaderFixture.read(BookCrossingReader(), file)
        #expect(sink.ratings.count == 45)
        #expect(sink.shelved.count == 74)
        #expect(sink.rejects.isEmpty)
        #expect(sink.total == (try ReaderFixture.dataLines(file)))
        let second = try #require(sink.ratings.first { $0.line == 3 })
        #expect(
            second == CollectingSink.Rating(user: "276726", book: BookRef(isbn13: "9780155061224"), value: 2.5, line: 3)
        )
        let books = sink.books
        #expect(books.contains(BookRef(localID: "asin:B0000BLD7X")))
        #expect(books.contains(BookRef(localID: "bookcrossing:N3453124715")))
        #expect(books.contains(BookRef(localID: "bookcrossing:342310538")))
        #expect(books.contains(BookRef(localID: "bookcrossing:6379702")))
    }

    @Test func latin1AndBadRows() throws {
        let bytes =
            Array(
                "\"User-ID\";\"ISBN\";\"Book-Rating\"\r\n\"1\";\"0439023483\";\"11\"\r\n\"\";\"0439023483\";\"5\"\r\n"
                    .utf8)
            + Array("\"2\";\"\";\"5\"\r\n\"M".utf8) + [0xFC] + Array("\";\"x\";\"7\"\r\n".utf8)
        let file = TemporaryFile(bytes)
        defer { file.remove() }
        let sink = try ReaderFixture.read(BookCrossingReader(), InputFile(path: file.path))
        #expect(sink.rejects.map(\.reason) == [.ratingOffScale("11"), .missingUser, .noBookID])
        #expect(
            sink.ratings == [
                CollectingSink.Rating(user: "Mü", book: BookRef(localID: "bookcrossing:x"), value: 3.5, line: 5)
            ])
    }

    @Test func stopsWhenTheSinkIsStopped() throws {
        var sink = CollectingSink(stopAfter: 5)
        try BookCrossingReader().read(ReaderFixture.file("bx-book-ratings_spreadsheet-mangled.csv"), into: &sink)
        #expect(sink.total == 5)
    }
}
