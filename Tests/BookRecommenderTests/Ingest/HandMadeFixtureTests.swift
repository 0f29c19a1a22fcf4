import Foundation
import Testing

@testable import BookRecommender

/// One small hand-made file per kind of damage tools and spreadsheets do
/// (`Fixtures/handmade/`, described in its README), read as the job reads it.
@Suite struct HandMadeFixtureTests {
    static func read(
        _ name: String, format: InputFormat? = nil, columns: ColumnMap? = nil, scale: RatingScale? = nil
    ) throws -> FixtureRead {
        try FixtureRead("handmade/\(name)", format: format, columns: columns, scale: scale)
    }

    /// Columns padded with spaces to line up, quotes after the padding.
    @Test func aPaddedGoodreadsExportReadsEveryRow() throws {
        let read = try Self.read("goodreads_padded.csv")
        #expect(read.report.format == .goodreads)
        #expect(
            read.report.records
                == RecordCounts(
                    read: 3, used: 2, shelved: 1, rejected: 0, interactions: InteractionCounts([.toRead: 1])))
        #expect(read.result.data.userIDs == ["goodreads_padded"])
        #expect(read.ratedKeys == ["9780140236668", "title:white fang|london"])
        #expect(read.shelvedKeys == ["9780670025817"])
        #expect(read.result.items[1].title == "The Boys in the Boat: Nine Americans, and Their Quest")
        #expect(read.result.items[0].authors == ["Ross Lockridge Jr."])
    }

    /// Without its header line a Goodreads export is read by its 24 fields
    /// when the format is named, and refused with a hint when it is not.
    @Test func aGoodreadsExportWithoutItsHeader() throws {
        let read = try Self.read("goodreads_no_header_24col.csv", format: .goodreads)
        #expect(
            read.report.records
                == RecordCounts(
                    read: 3, used: 2, shelved: 1, rejected: 0, interactions: InteractionCounts([.reading: 1])))
        #expect(read.ratedKeys == ["9781529045222", "9780439023481"])
        #expect(read.result.data.ratingValue == [2, 5])
        let unnamed = try Self.read("goodreads_no_header_24col.csv")
        #expect(unnamed.report.format == nil && unnamed.report.records.rejected == 1)
        #expect(unnamed.report.error?.contains("--format goodreads reads it without") == true)
    }

    /// No rating column: every book is an interaction of its `Read Status`
    /// (`did-not-finish` is a book read).
    @Test func aStoryGraphExportCutToEightColumnsIsAllShelved() throws {
        let read = try Self.read("storygraph_cut_8col.csv")
        #expect(read.report.format == .storygraph)
        #expect(
            read.report.records
                == RecordCounts(
                    read: 4, used: 0, shelved: 4, rejected: 0, interactions: InteractionCounts([.read: 3, .toRead: 1])))
        #expect(read.shelvedKeys.last == "9780593497241")
    }

    /// CR line ends, `"""ISBN"""`, empty `,,` rows, lost leading zeros.
    @Test func bookCrossingSavedByASpreadsheet() throws {
        let read = try Self.read("bookcrossing_spreadsheet_cr.csv")
        #expect(read.report.format == .bookcrossing)
        #expect(read.report.records == RecordCounts(read: 9, used: 4, shelved: 1, blank: 3, rejected: 1))
        #expect(
            read.ratedKeys == ["9780155061224", "bookcrossing:342310538", "9780060562083", "bookcrossing:N3453124715"])
        #expect(read.shelvedKeys == ["9780345451040"])
        #expect(read.result.data.ratingValue == [2.5, 5, 4.5, 2])
        #expect(read.rejects.first.map(\.line) == [9] && read.rejects.first.map(\.reason) == [.missingUser])
        #expect(!read.result.data.itemKeys.contains { $0.contains("\"") })
    }

    @Test func aTenPointFileAndAPercentFileAreDetected() throws {
        let ten = try Self.read("ratings_ten_point.csv")
        #expect(ten.report.scale == FileScale(RatingScale(minimum: 1, maximum: 10), source: .detected))
        #expect(ten.report.records == RecordCounts(read: 6, used: 5, shelved: 1, rejected: 0))
        #expect(ten.result.data.ratingValue == [4, 5, 1.5, 3.5, 3])
        let percent = try Self.read(
            "ratings_percent.tsv", columns: ColumnMap(user: "reader", item: "book", rating: "score"))
        #expect(percent.report.scale == FileScale(RatingScale(minimum: 1, maximum: 100), source: .detected))
        #expect(percent.report.records == RecordCounts(read: 4, used: 3, shelved: 1, rejected: 0))
        #expect(percent.result.data.ratingValue == [4, 5, 1.75])
        let given = try Self.read("ratings_ten_point.csv", scale: RatingScale(minimum: 0, maximum: 10))
        #expect(given.report.scale == FileScale(RatingScale(minimum: 0, maximum: 10), source: .given))
        #expect(given.report.records == RecordCounts(read: 6, used: 6, shelved: 0, rejected: 0))
    }

    @Test func anISBNColumnUnderAnotherNameIsKeyedByISBN13() throws {
        let read = try Self.read(
            "ratings_isbn_under_id.csv", columns: ColumnMap(user: "User_id", item: "Id", rating: "review/score"))
        #expect(read.report.records == RecordCounts(read: 4, used: 3, shelved: 0, rejected: 1))
        #expect(read.ratedKeys == ["9781930429482", "asin:B0007FIF28", "9780439023481"])
        #expect(read.rejects.first.map(\.reason) == [.missingUser])
    }
}
