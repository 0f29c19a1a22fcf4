import Testing

@testable import BookRecommender

@Suite struct BookCrossingCSVFormatTests {
    @Test func headerlessChunkNeedsTheExplicitFormat() throws {
        let file = FormatFixture.file("bx-book-ratings_split-chunk_no-header.csv")
        #expect(throws: IngestError.self) { try FormatFixture.read(.bookcrossing, file) }
        let sink = try FormatFixture.read(.bookcrossing, file, settings: .init(formatNamed: true))
        #expect(sink.ratings.count == 5)
        #expect(sink.shelved.count == 75)
        #expect(sink.rejects.isEmpty)
        #expect(sink.total == (try FormatFixture.dataLines(file, header: false)))
        #expect(
            sink.shelved.first
                == CollectingSink.Shelved(user: "43842", book: BookRef(isbn13: "9780739432549"), line: 1))
        #expect(Set(sink.ratings.map(\.value)).isSubset(of: [0.5, 4, 5]))
    }

    @Test func spreadsheetMangledCopy() throws {
        let file = FormatFixture.file("bx-book-ratings_spreadsheet-mangled.csv")
        let sink = try FormatFixture.read(.bookcrossing, file)
        #expect(sink.ratings.count == 45)
        #expect(sink.shelved.count == 74)
        #expect(sink.rejects.isEmpty)
        #expect(sink.total == (try FormatFixture.dataLines(file)))
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
        let sink = try FormatFixture.read(.bookcrossing, InputFile(path: file.path))
        #expect(sink.rejects.map(\.reason) == [.ratingOffScale("11"), .missingUser, .noBookID])
        #expect(
            sink.ratings == [
                CollectingSink.Rating(user: "Mü", book: BookRef(localID: "bookcrossing:x"), value: 3.5, line: 5)
            ])
    }

    @Test func stopsWhenTheSinkIsStopped() throws {
        var sink = CollectingSink(stopAfter: 5)
        try FormatFixture.read(
            .bookcrossing, FormatFixture.file("bx-book-ratings_spreadsheet-mangled.csv"), into: &sink)
        #expect(sink.total == 5)
    }
}

/// Book-Crossing files read in chunks on several threads: the damaged keys
/// each parser notes add up to what one parser reading the file whole notes.
@Suite struct BookCrossingChunkTests {
    @Test func damagedKeysNotedInChunksAddUp() throws {
        let kinds = ["60002492;8", "034545104X;0", "06514251;5", "20103389;6", "0439023483;7", ";3"]
        let rows = (0..<90).map { "u\($0 % 7);\(kinds[$0 % kinds.count])" }
        let file = TemporaryFile((["User-ID;ISBN;Book-Rating"] + rows).joined(separator: "\n") + "\n")
        defer { file.remove() }
        let (whole, sink) = try IngestSnapshot.readSink(file.path, .whole, format: .bookcrossing)
        let noted = try #require(sink.lostZeros)
        #expect(noted.keepsZeroAndX && noted.repaired.count == 1 && noted.beyondRepair.count == 1)
        #expect(noted.twoReadings.keys.sorted() == ["bookcrossing:60002492"])
        #expect(whole.rejects.count == 15 && whole.rejects.allSatisfy { $0.reason == .noBookID })
        for path in IngestSnapshot.bytePaths {
            let (snapshot, chunked) = try IngestSnapshot.readSink(file.path, path, format: .bookcrossing)
            #expect(snapshot == whole && chunked.lostZeros == noted, "\(path)")
        }
    }
}
