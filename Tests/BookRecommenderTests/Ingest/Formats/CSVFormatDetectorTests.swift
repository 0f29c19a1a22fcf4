import Testing

@testable import BookRecommender

@Suite struct CSVFormatDetectorTests {
    @Test(arguments: [
        ("goodreads_export_2014_31col_crlf.csv", InputFormat.goodreads),
        ("goodreads_library_export_2016_31col_reviews.csv", .goodreads),
        ("goodreads_library_export_2025_24col.csv", .goodreads),
        ("storygraph_export_2025.csv", .storygraph),
        ("LibraryThing_export_2017.csv", .librarything),
        ("librarything_export_2023.tsv", .librarything),
        ("bx-book-ratings_spreadsheet-mangled.csv", .bookcrossing),
        ("goodbooks-10k_ratings.csv", .ratingsCSV),
    ])
    func samplesAreRecognised(_ name: String, _ format: InputFormat) throws {
        #expect(try CSVFormatDetector.detect(file: FormatFixture.file(name)) == format)
    }

    @Test(arguments: ["bx-book-ratings_split-chunk_no-header.csv", "goodbooks-10k_books.csv"])
    func unknownHeadersGiveNil(_ name: String) throws {
        #expect(try CSVFormatDetector.detect(file: FormatFixture.file(name)) == nil)
    }

    @Test(
        arguments: [
            (["User-ID", "ISBN", "Book-Rating"], InputFormat.bookcrossing),
            (["userId", "movieId", "rating", "timestamp"], nil),
            (["user", "item", "value"], .ratingsCSV),
            (["USER_ID", "ISBN", "Rating"], .ratingsCSV),
            (["Book ID", "Title", "Primary Author"], .librarything),
            (["Title", "Primary Author", "ISBNs"], .librarything),
            (["Book Id", "My Rating"], nil),
            ([], nil),
        ] as [([String], InputFormat?)])
    func headersAreMatchedIgnoringCase(_ fields: [String], _ format: InputFormat?) {
        #expect(CSVFormatDetector.detect(headerFields: fields) == format)
    }

    @Test func emptyFileGivesNil() throws {
        let file = TemporaryFile("")
        defer { file.remove() }
        #expect(try CSVFormatDetector.detect(file: InputFile(path: file.path)) == nil)
    }
}
