import Foundation
import Testing

@testable import BookRecommender

@Suite struct PartFileTests {
    @Test func summariesAndTallyReadBackAsWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("part-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var tally = ClubTally()
        var summaries: [ReaderSummary] = []
        for user in ReportSafetyTests.hostileEnrichedUsers + ReportSamples.enrichedClub {
            tally.add(picksOf: user)
            summaries.append(ReaderSummary(user, stem: "s-" + user.user, bytes: (12, 345, 0)))
        }
        for book in ReportSamples.enrichedRatings {
            tally.addRating(item: book.item, title: book.title, rating: book.rating)
        }
        try PartFile.write(summaries: summaries, tally: tally, in: folder)
        #expect(try PartFile.summaries(in: folder) == summaries)
        #expect(try PartFile.tally(in: folder) == tally)
    }

    @Test func aBrokenLineIsNamedByFileAndLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("part-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = ReaderSummary(ReportSamples.user("u"), stem: "u", bytes: (1, 2, 0))
        try PartFile.write(summaries: [good], tally: ClubTally(), in: folder)
        let readers = folder.appendingPathComponent(PartFile.readers)
        try (try Data(contentsOf: readers) + Data("{\"user\": 1}\n".utf8)).write(to: readers)
        #expect(throws: MergeError.unreadablePart(path: readers.path + ":2", reason: "not a reader line")) {
            try PartFile.summaries(in: folder)
        }
        try Data("[]".utf8).write(to: folder.appendingPathComponent(PartFile.club))
        #expect(throws: MergeError.self) { try PartFile.tally(in: folder) }
    }
}
