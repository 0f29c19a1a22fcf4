import Testing

@testable import BookRecommender

@Suite struct RatingsCSVFormatTests {
    @Test func goodbooksSample() throws {
        let file = FormatFixture.file("goodbooks-10k_ratings.csv")
        let sink = try FormatFixture.read(.ratingsCSV, file)
        #expect(sink.ratings.count == 99)
        #expect(sink.rejects.isEmpty && sink.shelved.isEmpty)
        #expect(
            sink.ratings.first == CollectingSink.Rating(user: "1", book: BookRef(localID: "258"), value: 5, line: 2))
    }

    @Test func isbnColumnIsNormalised() throws {
        let file = TemporaryFile("User-ID;ISBN;Book-Rating\n1;043902348X;4\n2;439023483;5\n3;B07MNWKF2M;3\n4;=\"\";2\n")
        defer { file.remove() }
        let sink = try FormatFixture.read(.ratingsCSV, InputFile(path: file.path), settings: .init(scale: .tenPoints))
        #expect(
            sink.ratings.map(\.book) == [
                BookRef(localID: "043902348X"), BookRef(isbn13: "9780439023481"), BookRef(localID: "asin:B07MNWKF2M"),
            ])
        #expect(sink.ratings.map(\.value) == [2, 2.5, 1.5])
        #expect(sink.rejects.map(\.reason) == [.noBookID])
    }

    /// Amazon's reviews name the ISBN column `Id`: values that are mostly
    /// valid ISBNs make it an ISBN column anyway (ASINs and junk beside them
    /// kept as they are); plain numbers never do.
    @Test func anIdColumnOfISBNsIsKeyedByISBN13() throws {
        let file = TemporaryFile(
            "Id,User_id,review/score\n1930429487,A1,4.0\nB0007FIF28,A2,5.0\n0439023483,A3,3.0\nxyz,A4,1.0\n")
        defer { file.remove() }
        let settings = DelimitedIngest.Settings(
            columns: ColumnMap(user: "User_id", item: "Id", rating: "review/score"))
        let sink = try FormatFixture.read(.ratingsCSV, InputFile(path: file.path), settings: settings)
        #expect(
            sink.ratings.map(\.book) == [
                BookRef(isbn13: "9781930429482"), BookRef(localID: "asin:B0007FIF28"), BookRef(isbn13: "9780439023481"),
                BookRef(localID: "xyz"),
            ])
        let numbers = TemporaryFile("user,item,rating\n1,1930429487,4\n2,258,5\n3,4000000000,3\n")
        defer { numbers.remove() }
        let plain = try FormatFixture.read(.ratingsCSV, InputFile(path: numbers.path))
        #expect(plain.ratings.map(\.book.localID) == ["1930429487", "258", "4000000000"])
    }

    @Test func columnMapPicksColumns() throws {
        let file = TemporaryFile("userId,movieId,rating,timestamp\r\n7,31,2.5,1260759144\r\n7,1029,0.5,1260759179\r\n")
        defer { file.remove() }
        let settings = DelimitedIngest.Settings(columns: ColumnMap(user: "userid", item: "movieId", rating: "rating"))
        let sink = try FormatFixture.read(.ratingsCSV, InputFile(path: file.path), settings: settings)
        #expect(sink.ratings.map(\.book.localID) == ["31", "1029"])
        #expect(sink.ratings.map(\.value) == [2.5, 0.5])
        #expect(sink.ratings.map(\.line) == [2, 3])
    }

    @Test func missingMappedColumnIsMalformedAndNamed() throws {
        let file = TemporaryFile("userId,movieId,rating\n1,2,3\n")
        defer { file.remove() }
        let settings = DelimitedIngest.Settings(columns: ColumnMap(user: "userId", item: "bookId", rating: "rating"))
        let error = #expect(throws: IngestError.self) {
            try FormatFixture.read(.ratingsCSV, InputFile(path: file.path), settings: settings)
        }
        let message = "\(error.map { "\($0)" } ?? "")"
        #expect(message.contains("\"bookId\""))
        #expect(message.contains("userId, movieId, rating"))
    }

    @Test func everyBadRowIsRejectedWithItsLine() throws {
        let rows = "user_id,book_id,rating\n,5,4\n1,,4\n1,5,x\n1,5,9\n1,5\n1,5,4,extra\n1,\"unterminated,4\n"
        let file = TemporaryFile(rows)
        defer { file.remove() }
        let sink = try FormatFixture.read(
            .ratingsCSV, InputFile(path: file.path), settings: .init(scale: RatingScale(minimum: 1, maximum: 5)))
        #expect(
            sink.rejects.map(\.reason) == [
                .missingUser, .noBookID, .ratingNotANumber("x"), .ratingOffScale("9"),
                .fieldCount(expected: 3, found: 2), .fieldCount(expected: 3, found: 4), .unterminatedQuote,
            ])
        #expect(sink.rejects.map(\.line) == [2, 3, 4, 5, 6, 7, 8])
        #expect(sink.rejects.last?.record == "1,\"unterminated,4\n")
    }

    @Test func invalidUTF8IsRejected() throws {
        let file = TemporaryFile(Array("user,item,rating\nA".utf8) + [0xE9] + Array(",1,4\n".utf8))
        defer { file.remove() }
        let sink = try FormatFixture.read(.ratingsCSV, InputFile(path: file.path))
        #expect(sink.rejects.map(\.reason) == [.invalidEncoding])
    }

    @Test(arguments: ["", "\n\n"])
    func emptyFileIsMalformed(_ text: String) throws {
        let file = TemporaryFile(text)
        defer { file.remove() }
        #expect(throws: IngestError.self) { try FormatFixture.read(.ratingsCSV, InputFile(path: file.path)) }
    }

    @Test func stopsWhenTheSinkIsStopped() throws {
        var sink = CollectingSink(stopAfter: 10)
        try FormatFixture.read(.ratingsCSV, FormatFixture.file("goodbooks-10k_ratings.csv"), into: &sink)
        #expect(sink.total == 10)
    }
}
