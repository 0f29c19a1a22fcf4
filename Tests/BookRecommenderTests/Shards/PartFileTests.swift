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
        // Every optional field, set and not: a reader compared with the last digest, mailed, a pick without author.
        let top = [
            ReaderSummary.Top(
                rank: 1, title: "Dune", author: nil, fallback: false, new: true, strength: "a strong match"),
            ReaderSummary.Top(rank: 2, title: "Emma", author: "Jane Austen", fallback: true, new: false, strength: nil),
        ]
        let since = ReaderSummary.Since(
            sentences: ["You read <i>Emma</i> since the last digest.", ""], newMember: true, newPicks: 1, read: 300,
            shelved: 0, leftOtherwise: 2)
        summaries.append(
            ReaderSummary(
                user: "zoë\t\n", stem: "zo__", picks: 2, popular: false, top: top, bytes: (0, 1 << 40, 7), since: since,
                mailed: true))
        for book in ReportSamples.enrichedRatings {
            tally.addRating(item: book.item, title: book.title, rating: book.rating)
        }
        try PartFile.write(summaries: summaries, tally: tally, in: folder)
        #expect(try PartFile.summaries(in: folder) == summaries)
        #expect(try PartFile.tally(in: folder) == tally)
    }

    /// A damaged `readers.bin` is an error naming the file and the first
    /// reader whose record cannot be read, never a crash or a short list.
    @Test func aBrokenRecordIsNamedByFileAndReader() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("part-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let summaries = ["u", "v", "w"].map { ReaderSummary(ReportSamples.user($0), stem: $0, bytes: (1, 2, 3)) }
        try PartFile.write(summaries: summaries, tally: ClubTally(), in: folder)
        let readers = folder.appendingPathComponent(PartFile.readers)
        let whole = try Data(contentsOf: readers)
        func expectFailure(_ bytes: Data, _ reason: String) throws {
            try bytes.write(to: readers)
            #expect(throws: MergeError.unreadablePart(path: readers.path, reason: reason)) {
                try PartFile.summaries(in: folder)
            }
        }
        // Cut inside the last reader's record.
        try expectFailure(whole.dropLast(5), "reader 3: ends early")
        // A text of the first reader that is not UTF-8: its id is the first field after the format line.
        var notUTF8 = whole
        notUTF8[PartFile.readersFormat.count + 1] = 0xff
        try expectFailure(notUTF8, "reader 1: a text is not UTF-8")
        // A length running past the end of the file, then numbers no reader can hold.
        try expectFailure(Data(PartFile.readersFormat + [0xff, 0x03]), "reader 1: ends early")
        try expectFailure(
            Data(PartFile.readersFormat + [UInt8](repeating: 0xff, count: 10)), "reader 1: a number is too long")
        try expectFailure(
            Data(PartFile.readersFormat + [0xff, 0xff, 0xff, 0xff, 0x7f]), "reader 1: a number is out of range")
        try expectFailure(Data("{\"user\": 1}\n".utf8), "not a part file of this version")
        try Data(PartFile.clubFormat + [1]).write(to: folder.appendingPathComponent(PartFile.club))
        #expect(
            throws: MergeError.unreadablePart(
                path: folder.appendingPathComponent(PartFile.club).path, reason: "ends early")
        ) { try PartFile.tally(in: folder) }
    }
}
