import Foundation
import Testing

@testable import BookRecommender

/// The seven real exports in `Fixtures/real/` (provenance in its README), read
/// as the job reads them: exact counts, scales, keys and members.
@Suite struct RealExportTests {
    static func read(_ name: String, format: InputFormat? = nil, columns: ColumnMap? = nil) throws -> FixtureRead {
        try FixtureRead("real/\(name)", format: format, columns: columns)
    }

    /// Padded columns: every row is read (it was 112 rejects). The 40 books
    /// without stars are interactions of their `Exclusive Shelf`: 31 to-read,
    /// 8 read and 1 did-not-finish (a book read).
    @Test func goodreadsPaddedToLineUp() throws {
        let read = try Self.read("gr-aaronj1335/goodreads_library_export.csv")
        #expect(read.report.format == .goodreads)
        #expect(
            read.report.records
                == RecordCounts(
                    read: 112, used: 72, shelved: 40, rejected: 0,
                    interactions: InteractionCounts([.read: 9, .toRead: 31])
                ))
        #expect(read.result.members.map(\.name) == ["goodreads_library_export"])
        #expect(read.keys.contains("9780140236668"))
        let raintree = try #require(read.result.data.itemKeys.firstIndex(of: "9780140236668"))
        #expect(read.result.items[raintree].title == "Raintree County")
        #expect(read.result.items[raintree].authors == ["Ross Lockridge Jr."])
        // "Master and Man" by Tolstoy is in the export twice, once without an ISBN: one book.
        #expect(read.result.sameBook == SameBookJoin.Summary(joined: 1, editionShelves: 0))
        #expect(!read.keys.contains("title:master and man|tolstoy") && read.keys.contains("9781421803678"))
        #expect(read.result.data.itemCount == 111)
    }

    /// No header line: refused with a hint, read by its 24 fields with `--format goodreads`;
    /// its 658 books without stars are 654 to-read, 3 currently-reading and 1 read.
    @Test func goodreadsWithoutItsHeader() throws {
        let unnamed = try Self.read("gr-0xdstn/goodreads_library_export.csv")
        #expect(unnamed.report.format == nil)
        #expect(unnamed.report.records == RecordCounts(read: 1, used: 0, shelved: 0, rejected: 1))
        #expect(unnamed.result.members.first?.failed == true)
        #expect(unnamed.report.error?.contains("--format goodreads reads it without") == true)
        let named = try Self.read("gr-0xdstn/goodreads_library_export.csv", format: .goodreads)
        #expect(
            named.report.records
                == RecordCounts(
                    read: 812, used: 154, shelved: 658, rejected: 0,
                    interactions: InteractionCounts([.read: 1, .reading: 3, .toRead: 654])))
        #expect(named.keys.contains("9781529045222"))
        #expect(named.keys.contains("title:village christmas|lee"))
        #expect(named.result.members.map(\.problem) == [nil])
    }

    /// Rating 0 (unread, or read and unrated) is shelved: 7,194 were rejected.
    @Test func ucsdInteractions() throws {
        let read = try Self.read("ucsd-izbicki/goodreads_interactions.csv")
        #expect(read.report.format == .ratingsCSV)
        #expect(read.report.scale == FileScale(RatingScale(minimum: 1, maximum: 5), source: .detected))
        #expect(read.report.records == RecordCounts(read: 9999, used: 2805, shelved: 7194, rejected: 0))
        #expect(read.result.data.userCount == 15 && read.result.members.isEmpty)
        #expect(read.result.data.ratingValue.allSatisfy { (1...5).contains($0) })
    }

    /// ISBN-10s under `Id` are keyed by ISBN-13; rows without a user are rejected.
    @Test func amazonReviews() throws {
        let read = try Self.read(
            "amazon-eglantinc/Books_rating.csv", columns: ColumnMap(user: "User_id", item: "Id", rating: "review/score")
        )
        #expect(read.report.scale == FileScale(RatingScale(minimum: 1, maximum: 5), source: .detected))
        #expect(read.report.records == RecordCounts(read: 999, used: 776, shelved: 0, rejected: 223))
        #expect(read.keys.contains("9781930429482") && !read.keys.contains("1930429487"))
        #expect(read.keys.contains("asin:B0007FIF28"))
        #expect(read.rejects.first.allSatisfy { $0.reason == .missingUser } && read.rejects.count == 223)
        #expect(read.result.data.userCount == 762)
        // The header's names are found without `--columns` (`Id` beside `Title`, `User_id`, `review/score`).
        let detected = try Self.read("amazon-eglantinc/Books_rating.csv")
        #expect(detected.report.format == .ratingsCSV)
        #expect(detected.report.records == read.report.records)
        #expect(detected.result.data.itemKeys == read.result.data.itemKeys)
        #expect(detected.result.data.userIDs == read.result.data.userIDs)
    }

    /// CR line ends, `"""ISBN"""`, 899,726 empty rows, lost leading zeros.
    @Test func bookCrossingSavedByASpreadsheet() throws {
        let read = try Self.read("bx-cyadusha/BX-Book-Ratings.csv")
        #expect(read.report.format == .bookcrossing)
        #expect(read.report.scale == FileScale(.tenPoints, source: .format))
        #expect(
            read.report.records == RecordCounts(read: 908_731, used: 2092, shelved: 6908, blank: 899_726, rejected: 5))
        #expect(read.rejects.first.map(\.line) == [438_648, 543_301, 723_139, 738_100, 908_732])
        #expect(!read.keys.contains { $0.contains("\"") })
        #expect(read.keys.isSuperset(of: ["9780345451040", "9780006514251", "9780011238357"]))
        #expect(read.keys.contains("bookcrossing:342310538"))
        #expect(read.result.data.userCount == 727)
        // 632 keys such as 034545104X kept whole: the file's own evidence; no key here fits two readings.
        #expect(read.report.isbnRepairs == ISBNRepairs(repaired: 23, unrepairable: 27, zeroAndXKept: true))
    }

    @Test func libraryThingSingleBook() throws {
        let read = try Self.read("ltjson-samuelberger/book.json")
        #expect(read.report.format == .librarything)
        // Its only collection, "Your library", is no shelf: an unrated interaction.
        #expect(
            read.report.records
                == RecordCounts(
                    read: 1, used: 0, shelved: 1, rejected: 0, interactions: InteractionCounts([.unrated: 1])))
        #expect(read.keys == ["9780316066525"])
        #expect(read.result.items.first?.title == "Infinite Jest")
        #expect(read.result.members.map(\.name) == ["book"])
        // A book without stars is learned from: the member has a usable book.
        #expect(read.result.members.map(\.problem) == [nil] && read.result.members.map(\.failed) == [false])
        #expect(read.result.membersWithoutRatings.isEmpty)
    }

    /// Cut to 8 columns by a spreadsheet: no rating column, `9.78053E+12` ISBNs;
    /// every book is an interaction of its `Read Status` (258 read and 11
    /// did-not-finish are read, 10 currently-reading, 20 to-read).
    @Test func storyGraphCutToEightColumns() throws {
        let read = try Self.read("sg-dblake26/storygraph_export.csv")
        #expect(read.report.format == .storygraph)
        #expect(
            read.report.records
                == RecordCounts(
                    read: 299, used: 0, shelved: 299, rejected: 0,
                    interactions: InteractionCounts([.read: 269, .reading: 10, .toRead: 20])))
        #expect(read.keys.contains("9780593497241"))
        #expect(read.keys.contains("title:the lessons we learn|warren"))
        #expect(!read.keys.contains { $0.hasPrefix("9.") })
        let member = try #require(read.result.members.first)
        #expect(member.name == "storygraph_export" && !member.failed)
        // Books without stars are learned from: the member is not without usable ratings.
        #expect(member.problem == nil)
        #expect(read.result.membersWithoutRatings.isEmpty)
    }
}
