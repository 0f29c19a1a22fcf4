import Testing

@testable import BookRecommender

/// The usual names of a generic ratings file's columns, as review and library dumps spell them.
@Suite struct RatingColumnsTests {
    func columns(_ names: [String]) -> [Int?] {
        let header = CSVHeader(names)
        return [RatingColumns.user, .book, .rating].map { $0.index(in: header) }
    }

    @Test func namesAreMatchedIgnoringCaseSpacesAndPunctuation() {
        #expect(columns(["User ID", "ISBN", "Stars"]) == [0, 1, 2])
        #expect(columns(["reviewerID", "asin", "overall"]) == [0, 1, 2])
        #expect(columns(["userId", "movie", "bookId", "Rating"]) == [0, 2, 3])
        #expect(columns(["user_id", "book_id", "is_read", "rating", "is_reviewed"]) == [0, 1, 3])
        #expect(CSVFormatDetector.detect(headerFields: ["reviewer_id", "work_id", "score"]) == .ratingsCSV)
    }

    @Test func aBareIdIsTheBookOnlyBesideATitle() {
        let amazon = ["Id", "Title", "Price", "User_id", "profileName", "review/helpfulness", "review/score"]
        #expect(columns(amazon) == [3, 0, 6])
        #expect(CSVFormatDetector.detect(headerFields: amazon) == .ratingsCSV)
        #expect(columns(["id", "user_id", "rating"]) == [1, nil, 2])
        #expect(CSVFormatDetector.detect(headerFields: ["id", "user_id", "rating"]) == nil)
    }

    @Test func aNamedBookColumnWinsOverABareId() {
        #expect(columns(["id", "title", "user", "book_id", "rating"]) == [2, 3, 4])
    }
}
