import Testing

@testable import BookRecommender

@Suite struct LibraryThingJSONFormatTests {
    @Test func jsonSample() throws {
        let sink = try FormatFixture.read(LibraryThingJSONFormat(), FormatFixture.file("librarything_export_2019.json"))
        #expect(sink.shelved.count == 13)
        #expect(sink.ratings.isEmpty)
        #expect(sink.rejects.isEmpty)
        let first = try #require(sink.shelved.first)
        #expect(first.line == 2)
        #expect(
            first.book
                == BookRef(
                    isbn13: "9780486228020", localID: "librarything:105446577",
                    title: "The Malleus Maleficarum of Heinrich Kramer and James Sprenger (Dover Occult)",
                    authors: ["Kramer, Heinrich"]))
        let byID = Dictionary(uniqueKeysWithValues: sink.shelved.map { ($0.book.localID ?? "", $0.book) })
        #expect(byID["librarything:105446601"]?.isbn13 == "9780520224735")
        #expect(byID["librarything:116293261"]?.isbn13 == "9788415118664")
        #expect(byID["librarything:143097245"]?.isbn13 == nil)
        #expect(byID["librarything:111130359"]?.isbn13 == nil)
    }

    @Test func brokenMemberIsRejectedWithItsLineAndTheRestCount() throws {
        let text = """
            {
              "1": {"title": "One", "rating": 4, "isbn": ["0439023483"]},
              "2": {"title": "Two" "oops"},
              "3": "not a book",
              "4": {"title": "Four, with {braces} and \\"quotes\\"", "rating": "2.5"},
              "5": {"title": "Five", "rating": 9},
              "6": {"title": "Six", "rating": ""}
            }
            """
        let file = TemporaryFile(text, suffix: ".json")
        defer { file.remove() }
        let sink = try FormatFixture.read(LibraryThingJSONFormat(), InputFile(path: file.path))
        #expect(sink.ratings.map(\.line) == [2, 5])
        #expect(sink.ratings.map(\.value) == [4, 2.5])
        #expect(sink.ratings.first?.book.isbn13 == "9780439023481")
        #expect(sink.shelved.map(\.line) == [7])
        #expect(sink.rejects.map(\.line) == [3, 4, 6])
        #expect(sink.rejects[2].reason == .ratingOffScale("9"))
        #expect(sink.rejects[0].record == "\"2\": {\"title\": \"Two\" \"oops\"}")
    }

    /// One book object on its own is that one book, wherever its `title`
    /// and `books_id` stand; a map whose first member is broken is still a map.
    @Test func aSingleBookObjectIsOneBook() throws {
        let text = """
            {
              "title": "Infinite Jest", "books_id": "216290319", "primaryauthor": "Wallace, David Foster",
              "isbn": {"0": "0316066524", "2": "9780316066525"}, "rating": 5,
              "subject": {"0": ["Addicts", "Fiction"]}
            }
            """
        let file = TemporaryFile(text, suffix: ".json")
        defer { file.remove() }
        let sink = try FormatFixture.read(LibraryThingJSONFormat(), InputFile(path: file.path))
        #expect(sink.total == 1 && sink.rejects.isEmpty)
        #expect(
            sink.ratings.map(\.book) == [
                BookRef(
                    isbn13: "9780316066525", localID: "librarything:216290319", title: "Infinite Jest",
                    authors: ["Wallace, David Foster"])
            ])
        #expect(sink.ratings.map(\.line) == [1])
        let map = TemporaryFile("{\n \"1\": \"broken\",\n \"2\": {\"title\": \"Two\"}\n}", suffix: ".json")
        defer { map.remove() }
        let mapSink = try FormatFixture.read(LibraryThingJSONFormat(), InputFile(path: map.path))
        #expect(mapSink.rejects.map(\.line) == [2] && mapSink.shelved.map(\.line) == [3])
    }

    @Test func unclosedObjectIsAReject() throws {
        let file = TemporaryFile("{\n \"1\": {\"title\": \"One\"},\n \"2\": {\"title\": \"T", suffix: ".json")
        defer { file.remove() }
        let sink = try FormatFixture.read(LibraryThingJSONFormat(), InputFile(path: file.path))
        #expect(sink.shelved.map(\.line) == [2])
        #expect(sink.rejects.map(\.line) == [3])
    }

    @Test(arguments: ["[{\"title\": \"x\"}]", "", "  \"text\""])
    func topLevelMustBeAnObject(_ text: String) throws {
        let file = TemporaryFile(text, suffix: ".json")
        defer { file.remove() }
        #expect(throws: IngestError.self) {
            try FormatFixture.read(LibraryThingJSONFormat(), InputFile(path: file.path))
        }
    }

    @Test func oversizedFileIsRefused() {
        let reader = LibraryThingJSONFormat(maxFileBytes: 100)
        #expect(throws: IngestError.self) {
            try FormatFixture.read(reader, FormatFixture.file("librarything_export_2019.json"))
        }
    }

    @Test func stopsWhenTheSinkIsStopped() throws {
        var sink = CollectingSink(stopAfter: 4)
        try LibraryThingJSONFormat().read(FormatFixture.file("librarything_export_2019.json"), into: &sink)
        #expect(sink.total == 4)
    }
}
