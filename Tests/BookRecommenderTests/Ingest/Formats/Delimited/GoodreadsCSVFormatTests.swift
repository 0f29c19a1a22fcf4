import Testing

@testable import BookRecommender

@Suite struct GoodreadsCSVFormatTests {
    @Test(arguments: [
        ("goodreads_export_2014_31col_crlf.csv", 2, 38),
        ("goodreads_library_export_2016_31col_reviews.csv", 15, 20),
        ("goodreads_library_export_2025_24col.csv", 8, 32),
    ])
    func everyRowIsARatingOrShelved(_ name: String, _ ratings: Int, _ shelved: Int) throws {
        let file = FormatFixture.file(name)
        let sink = try FormatFixture.read(.goodreads, file)
        #expect(sink.ratings.count == ratings)
        #expect(sink.shelved.count == shelved)
        #expect(sink.rejects.isEmpty)
        #expect(sink.total == (try FormatFixture.dataLines(file)))
        #expect(Set(sink.ratings.map(\.user) + sink.shelved.map(\.user)) == [file.member])
    }

    @Test func bareFormulaISBNsOf2014() throws {
        let sink = try FormatFixture.read(.goodreads, FormatFixture.file("goodreads_export_2014_31col_crlf.csv"))
        #expect(
            sink.shelved.first
                == CollectingSink.Shelved(
                    user: "goodreads_export_2014_31col_crlf",
                    book: BookRef(
                        isbn13: "9780765312181", localID: "goodreads:48484", title: "Blindsight",
                        authors: ["Peter Watts"]),
                    line: 2, kind: .toRead))
        let sixth = try #require(sink.shelved.first { $0.line == 3 })
        #expect(sixth.kind == .toRead)  // `wishlist`
        #expect(sixth.book.isbn13 == nil)
        #expect(sixth.book.localID == "goodreads:22739503")
        // Exclusive Shelf of the 38 books without stars: 26 to-read, 11 wishlist, 1 currently-reading.
        #expect(sink.shelved.filter { $0.kind == .toRead }.count == 37)
        #expect(sink.shelved.filter { $0.kind == .reading }.map(\.book.localID) == ["goodreads:1633"])
        #expect(sink.ratings.map(\.line) == [39, 40])
        #expect(sink.ratings.map(\.value) == [5, 4])
        #expect(sink.ratings.map(\.book.localID) == ["goodreads:18634812", "goodreads:22394477"])
    }

    @Test func quotedFormulaISBNsAndCustomShelvesOf2016() throws {
        let sink = try FormatFixture.read(
            .goodreads, FormatFixture.file("goodreads_library_export_2016_31col_reviews.csv"))
        let words = try #require(sink.ratings.first { $0.line == 9 })
        #expect(words.book.isbn13 == "9780765326362")
        #expect(words.value == 5)
        let oneStar = try #require(sink.ratings.first { $0.line == 26 })
        #expect(oneStar.value == 1)
        #expect(oneStar.book.authors == ["E.J. Robinson", "Jessica Holland"])
        #expect(sink.shelved.first?.book.isbn13 == "9781503938779")
    }

    @Test func newerHeaderOf2025() throws {
        let sink = try FormatFixture.read(
            .goodreads, FormatFixture.file("goodreads_library_export_2025_24col.csv"))
        let freak = try #require(sink.ratings.first { $0.line == 41 })
        #expect(freak.book.isbn13 == "9780062218360")
        #expect(freak.book.authors == ["Steven D. Levitt", "Stephen J. Dubner"])
        #expect(freak.value == 4)
        #expect(sink.ratings.first { $0.line == 34 }?.book.isbn13 == "9789681311889")
    }

    @Test func stopsWhenTheSinkIsStopped() throws {
        var sink = CollectingSink(stopAfter: 3)
        try FormatFixture.read(.goodreads, FormatFixture.file("goodreads_library_export_2025_24col.csv"), into: &sink)
        #expect(sink.total == 3)
    }

    @Test func badRatingsAndEncodingAreRejected() throws {
        let header = "Book Id,Title,Author,Additional Authors,ISBN,ISBN13,My Rating,Exclusive Shelf\n"
        let rows = "1,A,X,,=\"\",=\"\",6,read\n2,B,Y,,=\"\",=\"\",four,read\n3,C,Z,,=\"\",=\"\",3\n"
        let file = TemporaryFile(
            Array((header + rows).utf8) + Array("4,D\u{1}".utf8) + [0xFF] + Array(",W,,,,2,read\n".utf8))
        defer { file.remove() }
        let sink = try FormatFixture.read(.goodreads, InputFile(path: file.path))
        #expect(
            sink.rejects.map(\.reason) == [
                .ratingOffScale("6"), .ratingNotANumber("four"), .fieldCount(expected: 8, found: 7), .invalidEncoding,
            ])
        #expect(sink.rejects.map(\.line) == [2, 3, 4, 5])
        #expect(sink.rejects[0].record == "1,A,X,,=\"\",=\"\",6,read")
    }

    @Test func missingColumnIsMalformed() throws {
        let file = TemporaryFile("Book Id,Title,Author,ISBN,ISBN13\n1,A,B,,\n")
        defer { file.remove() }
        #expect(throws: IngestError.self) { try FormatFixture.read(.goodreads, InputFile(path: file.path)) }
    }

    /// With the format named, a header of its own (no `Exclusive Shelf`) is
    /// still a header, read by name; a first line of data is not.
    @Test func aNamedFormatStillReadsAnUnusualHeaderByName() throws {
        let file = TemporaryFile("Book Id,Title,Author,ISBN,ISBN13,My Rating\n7,Emma,Jane Austen,0141439580,,4\n")
        defer { file.remove() }
        let sink = try FormatFixture.read(.goodreads, InputFile(path: file.path), settings: .init(formatNamed: true))
        #expect(sink.ratings.map(\.book.isbn13) == ["9780141439587"] && sink.ratings.map(\.line) == [2])
        let data = TemporaryFile("7,Emma,Jane Austen,0141439580,,4\n")
        defer { data.remove() }
        #expect(throws: IngestError.self) {
            try FormatFixture.read(.goodreads, InputFile(path: data.path), settings: .init(formatNamed: true))
        }
    }
}
