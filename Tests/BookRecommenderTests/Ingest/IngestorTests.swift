import Foundation
import Testing

@testable import BookRecommender

@Suite struct IngestorTests {
    static let input = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("input")

    func ingestClub(policy: BadRecordPolicy = .skip, extra: [InputFile] = []) throws -> (Ingestor.Result, RejectLog) {
        let files = try InputExpansion.files(for: [Self.input.appendingPathComponent("club").path]) + extra
        let rejects = RejectLog(streamingTo: nil)
        let result = try Ingestor(format: nil, columns: nil, policy: policy).ingest(
            files, catalogFile: InputFile(path: Self.input.appendingPathComponent("catalog.csv").path),
            rejects: rejects)
        return (result, rejects)
    }

    @Test func everyFormatOfTheClubIsDetectedAndEveryRecordAccountedFor() throws {
        let (result, rejects) = try ingestClub()
        #expect(
            result.files.map { $0.format?.rawValue ?? "?" } == [
                "goodreads", "goodreads", "storygraph", "librarything", "goodreads-rss", "ratings-csv", "ratings-xml",
                "bookcrossing",
            ])
        #expect(result.files.allSatisfy { $0.detected && $0.records.balances && $0.error == nil })
        #expect(result.totals.balances)
        #expect(result.totals.rejected == 2 && rejects.count == 2)
        #expect(result.totals.used == result.data.ratingCount)
        #expect(result.totals.shelved + result.sameBook.editionShelves == result.data.shelfUser.count)
        #expect(result.data.userCount == 13)
    }

    @Test func theSameBookFromDifferentFormatsIsOneItemKeyedByItsISBN13() throws {
        let (result, _) = try ingestClub()
        // Harry Potter #1: an ISBN-13 in StoryGraph and ratings XML, goodbooks book_id 2 in members.csv.
        let hp1 = try #require(result.data.itemKeys.firstIndex(of: "9780439554930"))
        let raters = Set(
            zip(result.data.ratingUser, result.data.ratingItem).filter { $0.1 == Int32(hp1) }
                .map { result.data.userIDs[Int($0.0)] })
        #expect(raters.isSuperset(of: ["kai", "milo"]))
        #expect(result.items[hp1].title == "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)")
        #expect(result.items[hp1].authors.first == "J.K. Rowling")
        // Every key is an ISBN-13: the catalog resolved goodbooks ids and Goodreads ids alike.
        #expect(result.data.itemKeys.allSatisfy { $0.count == 13 && $0.allSatisfy(\.isNumber) })
    }

    @Test func aFileThatBreaksCostsOnlyItselfWhenSkipping() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.xml")
        try Data("<ratings>\n<rating user=\"z\" isbn=\"9780439554930\" value=\"4\"/>\n<rating user=".utf8).write(
            to: broken)
        let unknown = folder.appendingPathComponent("notes.txt")
        try Data("just some notes\n".utf8).write(to: unknown)

        let (result, rejects) = try ingestClub(extra: [InputFile(path: broken.path), InputFile(path: unknown.path)])
        let brokenReport = try #require(result.files.first { $0.path == broken.path })
        #expect(brokenReport.records.used == 1 && brokenReport.records.rejected == 1)
        #expect(brokenReport.error?.contains("broken.xml:3") == true)
        let unknownReport = try #require(result.files.first { $0.path == unknown.path })
        #expect(unknownReport.format == nil && unknownReport.records.rejected == 1)
        #expect(rejects.first.contains { $0.file == unknown.path && "\($0.reason)".contains("header not recognised") })
        #expect(result.totals.balances)
    }

    @Test func failModeStopsAtTheFirstBadRecordNamingFileAndLine() throws {
        #expect(
            throws: IngestError.badRecord(
                path: Self.input.appendingPathComponent("club/members.csv").path, line: 6,
                reason: .ratingNotANumber("five"))
        ) {
            try ingestClub(policy: .fail)
        }
    }
}
