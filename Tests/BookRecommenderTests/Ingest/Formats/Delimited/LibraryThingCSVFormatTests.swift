import Testing

@testable import BookRecommender

@Suite struct LibraryThingCSVFormatTests {
    @Test func csvSample() throws {
        let file = FormatFixture.file("LibraryThing_export_2017.csv")
        let sink = try FormatFixture.read(.librarything, file)
        #expect(sink.ratings.count == 3)
        #expect(sink.shelved.count == 25)
        // The sample repeats its header on line 2.
        #expect(sink.rejects.map(\.reason) == [.ratingNotANumber("Rating")])
        #expect(sink.total == (try FormatFixture.dataLines(file)))
        let first = try #require(sink.shelved.first)
        #expect(
            first.book
                == BookRef(
                    isbn13: "9781578660285", localID: "librarything:67202782",
                    title: "The Great International Paper Airplane Book", authors: ["Mander, Jerry"]))
        #expect(sink.ratings.map(\.value) == [5, 4, 5])
        #expect(sink.ratings.map(\.book.isbn13) == ["9780521851558", "9780126836301", "9780387310732"])
    }

    @Test func tsvSampleUsesTheLinesWithInvalidUTF8() throws {
        let file = FormatFixture.file("librarything_export_2023.tsv")
        let sink = try FormatFixture.read(.librarything, file)
        #expect(sink.ratings.count == 25)
        #expect(sink.shelved.count == 7)
        #expect(sink.rejects.isEmpty)
        #expect(sink.total == (try FormatFixture.dataLines(file)))
        let lines = Set(sink.ratings.map(\.line) + sink.shelved.map(\.line))
        #expect(lines.isSuperset(of: 29...33))
        let kamasutra = try #require(sink.shelved.first { $0.line == 29 })
        #expect(kamasutra.book.isbn13 == "9780199539161")
        #expect(kamasutra.book.authors == ["Vatsyayana, Mallanaga"])
        let robot = try #require(sink.ratings.first { $0.line == 32 })
        #expect(robot.book.isbn13 == nil)
        #expect(robot.book.localID == "librarything:203722376")
        #expect(sink.ratings.first { $0.line == 30 }?.book.isbn13 == "9780805063899")
    }

    @Test func latin1FieldsAndHalfStars() throws {
        let bytes =
            Array("Book Id\tTitle\tPrimary Author\tRating\tISBN\tISBNs\n7\tCaf".utf8) + [0xE9]
            + Array("\tX\t3.5\t[]\t\n8\tB\t\tfive\t\t\n9\tC\t\t0\t\t\n".utf8)
        let file = TemporaryFile(bytes, suffix: ".tsv")
        defer { file.remove() }
        let sink = try FormatFixture.read(.librarything, InputFile(path: file.path))
        #expect(sink.ratings.map(\.book.title) == ["Café"])
        #expect(sink.ratings.map(\.value) == [3.5])
        #expect(sink.rejects.map(\.reason) == [.ratingNotANumber("five")])
        #expect(sink.shelved.map(\.book.localID) == ["librarything:9"])
    }

    @Test func stopsWhenTheSinkIsStopped() throws {
        var sink = CollectingSink(stopAfter: 2)
        try FormatFixture.read(.librarything, FormatFixture.file("librarything_export_2023.tsv"), into: &sink)
        #expect(sink.total == 2)
    }
}
