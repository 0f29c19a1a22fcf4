import Foundation
import Testing

@testable import BookRecommender

@Suite struct RunHistoryTests {
    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func namesSortByTimeAndStayDistinctWithinAMillisecond() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let history = RunHistory(out: out, keepRuns: 3)
        let now = Date(timeIntervalSince1970: 1_800_000_000.5)
        #expect(RunHistory.name(at: now) == "20270115T080000.500Z")
        let first = try history.commit(try history.begin(shard: nil, at: now), shard: nil, switchLatest: true)
        let second = try history.commit(try history.begin(shard: nil, at: now), shard: nil, switchLatest: true)
        #expect(first.lastPathComponent < second.lastPathComponent)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: history.latest.path) == "runs/"
                + second.lastPathComponent)
    }

    @Test func pruneKeepsTheNewestAndNeverLatest() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let history = RunHistory(out: out, keepRuns: 2)
        var made: [String] = []
        for second in 0..<5 {
            let run = try history.begin(shard: nil, at: Date(timeIntervalSince1970: 1_800_000_000 + Double(second)))
            // Only the oldest becomes latest (as if every later run failed its enrichment check).
            made.append(try history.commit(run, shard: nil, switchLatest: second == 0).lastPathComponent)
        }
        #expect(history.prune() == Array(made[1...2]))
        #expect(RunHistory.names(in: history.runs).sorted() == [made[0]] + made.suffix(2))
    }

    @Test func leftoversOfKilledRunsAreRemovedAndOnlyThose() throws {
        let out = try folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let history = RunHistory(out: out, keepRuns: 7)
        let complete = try history.commit(try history.begin(shard: nil), shard: nil, switchLatest: true)
        let killed = try history.begin(shard: nil)
        try Data("half".utf8).write(to: killed.appendingPathComponent("index.html"))
        let shard = try #require(Shard(parsing: "1/2"))
        let killedPart = try history.begin(shard: shard)
        let otherPart = try history.begin(shard: Shard(parsing: "0/2"))
        symlink("runs/x", out.appendingPathComponent(".latest.999").path)

        history.removeLeftovers(shard: nil)
        #expect(RunHistory.names(in: history.runs) == [complete.lastPathComponent])
        #expect(!RunHistory.exists(out.appendingPathComponent(".latest.999")))
        #expect(RunHistory.exists(killedPart) && RunHistory.exists(otherPart))
        history.removeLeftovers(shard: shard)
        #expect(!RunHistory.exists(killedPart) && RunHistory.exists(otherPart))
    }
}
