import Foundation
import Testing

@testable import BookRecommender

/// The parallel writer: many blocks of readers give the same bytes on any
/// number of workers, and a stop between blocks leaves the run unfinished.
@Suite struct ReaderFilesTests {
    /// 300 made-up readers (three blocks), with clashing and hostile ids.
    static let readers: [UserPicks] = (0..<300).map(reader)

    static func reader(_ number: Int) -> UserPicks {
        var id = "reader\(number)"
        if number % 100 == 0 { id = "Reader<\(number)>" } else if number % 7 == 0 { id = "READER\(number - 1)" }
        var picks: [ReportPick] = []
        for rank in 0..<(number % 11) {
            let because = RatedBook(item: "book\(rank)", title: "Rated \(rank)", rating: Double(number % 9) / 2)
            let score = Double(number % 50) / 7 + Double(rank)
            picks.append(
                ReportPick(
                    rank: rank + 1, item: "book\((number * 13 + rank * 7) % 97)", isbn13: nil,
                    title: rank % 3 == 0 ? nil : "Title, \"\(rank)\"", authors: ["Author \(rank % 4)"], score: score,
                    because: [because], fallback: number % 5 == 0))
        }
        let rated = (0..<(number % 6)).map { RatedBook(item: "book\($0)", title: nil, rating: Double($0)) }
        return UserPicks(user: id, picks: picks, rated: rated)
    }

    @Test func anyNumberOfWorkersWritesTheSameBytes() throws {
        let parent = try ReportSamples.makeTempFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        var contents: [[String: Data]] = []
        for threads in [1, 3] {
            let folder = parent.appendingPathComponent("t\(threads)")
            let files = try ReportWriter(outputFolder: folder, threads: threads).write(
                users: Self.readers.shuffled(), totals: ReportSamples.totals)
            #expect(files.users.count == 300)
            contents.append(try ReportSamples.contents(folder))
        }
        #expect(contents[0].count == 2 * 300 + 4)
        #expect(contents[1] == contents[0])
        let sorted = Self.readers.sorted { $0.user.utf8.lexicographicallyPrecedes($1.user.utf8) }
        let csv = String(decoding: try #require(contents[0]["recommendations.csv"]), as: UTF8.self)
        #expect(csv == RecommendationsCSV.text(users: sorted))
        let jsonl = String(decoding: try #require(contents[0]["recommendations.jsonl"]), as: UTF8.self)
        #expect(jsonl == sorted.map { ReportSamples.json(for: $0).line + "\n" }.joined())
    }

    @Test func aStopBetweenBlocksFinishesNothing() throws {
        let folder = try ReportSamples.makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let readers = ReaderFiles.Readers(
            count: Self.readers.count, stem: { "r\($0)" }, picks: { Self.readers[$0] })
        let calls = Counter()
        let files = ReaderFiles(folder: try ReportFolder(folder), threads: 2, notices: false)
        // Stops once the first blocks have been handed out.
        #expect(try files.write(readers, stop: { calls.next() >= 2 }) == nil)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("users").path)
        #expect(written.count < 2 * Self.readers.count)
    }

    @Test func summariesCountEachReadersBytes() throws {
        let folder = try ReportSamples.makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let users = Array(Self.readers.prefix(20))
        let readers = ReaderFiles.Readers(count: users.count, stem: { "r\($0)" }, picks: { users[$0] })
        let files = ReaderFiles(folder: try ReportFolder(folder), threads: 3, notices: false)
        let written = try #require(try files.write(readers, stop: { false }))
        #expect(written.summaries.map(\.user) == users.map(\.user))
        #expect(written.summaries.map(\.csvBytes) == users.map { RecommendationsCSV.rows(for: $0).utf8.count })
        #expect(
            written.summaries.map(\.jsonlBytes)
                == users.map { ReportSamples.json(for: $0).line.utf8.count + 1 })
        #expect(written.tally.readers == 20)
        let csv = try Data(contentsOf: folder.appendingPathComponent("recommendations.csv"))
        #expect(csv.count == RecommendationsCSV.header.utf8.count + written.summaries.map(\.csvBytes).reduce(0, +))
    }
}
