import Foundation
import Testing

@testable import BookRecommender

/// Books without stars (issue 28): every export format gives each one the
/// kind its shelf says, counted by kind; a generic file without a rating
/// column is a file of interactions, with a count when a column gives one.
@Suite struct InteractionKindTests {
    /// The kinds of `read`'s interaction records, counted from the records themselves.
    static func kinds(of read: FixtureRead) -> InteractionCounts {
        var counts = InteractionCounts()
        for tag in read.result.data.shelfTag {
            if let kind = tag.kind { counts[kind] += 1 }
        }
        return counts
    }

    /// Each real export (and the real Goodreads feed) with the kinds its shelf
    /// column gives, counted from the files: Goodreads' `Exclusive Shelf`,
    /// StoryGraph's `Read Status` (`did-not-finish` is a book read), LibraryThing's
    /// `collections` ("Your library" is no shelf), a feed's `user_shelves`; a
    /// generic file's and Book-Crossing's 0s are `unrated`.
    @Test(
        arguments: [
            ("real/gr-aaronj1335/goodreads_library_export.csv", nil, [.read: 9, .toRead: 31]),
            ("real/gr-0xdstn/goodreads_library_export.csv", .goodreads, [.read: 1, .reading: 3, .toRead: 654]),
            ("real/sg-dblake26/storygraph_export.csv", nil, [.read: 269, .reading: 10, .toRead: 20]),
            ("real/ltjson-samuelberger/book.json", nil, [.unrated: 1]),
            ("real/ucsd-izbicki/goodreads_interactions.csv", nil, [.unrated: 7194]),
            ("real/bx-cyadusha/BX-Book-Ratings.csv", nil, [.unrated: 6908]),
            ("real/amazon-eglantinc/Books_rating.csv", nil, [:]),
            ("xml/goodreads_shelf_rss_2026_currently-reading.xml", nil, [.reading: 12]),
        ] as [(String, InputFormat?, [InteractionKind: Int])])
    func everyRealExportCountsItsKinds(_ name: String, _ format: InputFormat?, _ kinds: [InteractionKind: Int]) throws {
        let read = try FixtureRead(name, format: format)
        let expected = InteractionCounts(kinds)
        #expect(read.report.records.interactions == expected)
        #expect(read.report.records.shelved == expected.total && read.report.records.balances)
        // The counts are the records': one tag per interaction, each of its file's kind.
        #expect(Self.kinds(of: read) == expected)
        #expect(read.result.data.shelfTag.allSatisfy { $0.count == 1 })
    }

    /// `user_id,book_id`: found without `--columns`, each row an `unrated`
    /// interaction, a row read twice kept as two, a row without a user rejected.
    @Test func aGenericFileWithoutARatingColumnIsAFileOfInteractions() throws {
        let detected = try FixtureRead("handmade/interactions_no_rating.csv")
        let named = try FixtureRead(
            "handmade/interactions_no_rating.csv", columns: ColumnMap(user: "user_id", item: "book_id"))
        for read in [detected, named] {
            #expect(read.report.format == .ratingsCSV)
            #expect(
                read.report.records
                    == RecordCounts(
                        read: 6, used: 0, shelved: 5, rejected: 1, interactions: InteractionCounts([.unrated: 5])))
            #expect(read.result.data.ratingValue.isEmpty)
            #expect(read.shelvedKeys == ["101", "102", "102", "102", "103"])
            #expect(
                read.result.data.shelfUser.map { read.result.data.userIDs[Int($0)] } == [
                    "ann", "ann", "bob", "bob", "cy",
                ])
            #expect(read.rejects.first.map(\.line) == [6] && read.rejects.first.map(\.reason) == [.missingUser])
            #expect(read.result.members.isEmpty && read.result.membersWithoutRatings.isEmpty)
        }
        #expect(detected.result.data.shelfTag == named.result.data.shelfTag)
    }

    /// `count=`: each row is one interaction record holding its count; a count
    /// that is not a whole number of at least 1 is a reject naming its line.
    @Test func aCountColumnGivesEachInteractionItsCount() throws {
        let columns = ColumnMap(user: "patron", item: "title", count: "times", date: "when")
        let read = try FixtureRead("handmade/interactions_counts.csv", columns: columns)
        #expect(read.report.format == .ratingsCSV)
        #expect(
            read.report.records
                == RecordCounts(
                    read: 6, used: 0, shelved: 3, rejected: 3, interactions: InteractionCounts([.unrated: 3])))
        #expect(read.shelvedKeys == ["b1", "b2", "b3"])
        #expect(read.result.data.shelfTag.map(\.count) == [3, 1, 2])
        #expect(read.result.data.shelfTag.allSatisfy { $0.kind == .unrated })
        #expect(read.rejects.first.map(\.line) == [4, 5, 7])
        #expect(
            read.rejects.first.map(\.reason) == [
                .other("count is not a whole number ≥ 1: \"x\""), .other("count is not a whole number ≥ 1: \"0\""),
                .other("count is not a whole number ≥ 1: \"\""),
            ])
        #expect(read.rejects.first.allSatisfy { $0.file.hasSuffix("handmade/interactions_counts.csv") })
        #expect(read.rejects.first.map(\.record) == ["p2;b1;x;2025-01-05", "p2;b2;0;2025-01-06", "p3;b3;;2025-01-08"])
    }

    /// An empty rating is a book the reader has without stars, not a reject; a word still is one.
    @Test func anEmptyRatingInAGenericFileIsAnUnratedInteraction() throws {
        let read = try FixtureRead("handmade/ratings_empty_rating.csv")
        #expect(read.report.format == .ratingsCSV)
        #expect(read.report.scale == FileScale(RatingScale(minimum: 1, maximum: 5), source: .detected))
        #expect(
            read.report.records
                == RecordCounts(
                    read: 7, used: 4, shelved: 2, rejected: 1, interactions: InteractionCounts([.unrated: 2])))
        #expect(read.ratedKeys == ["101", "101", "104", "104"])
        #expect(read.result.data.ratingValue == [4, 5, 1, 3])
        #expect(read.shelvedKeys == ["102", "103"])
        #expect(read.result.data.shelfUser.map { read.result.data.userIDs[Int($0)] } == ["ann", "bob"])
        #expect(read.rejects.first.map(\.line) == [8] && read.rejects.first.map(\.reason) == [.ratingNotANumber("x")])
    }
}
