import Foundation
import Testing

/// `bookrec inspect` and `summary.json` count, per Book-Crossing file, the
/// keys repaired and those beyond repair; a key two readings fit is repaired
/// the zeros-only way in a file that keeps `0…X` keys whole.
@Suite struct ISBNRepairTests {
    /// `60002492` fits `0060002492` and `060002492X`; `034545104X` comes later; `20103389` fits neither.
    static let ratings = [
        "\"User-ID\";\"ISBN\";\"Book-Rating\"", "u1;60002492;8", "u1;0439023483;6", "u2;0439023483;9",
        "u2;034545104X;7", "u3;20103389;5", "u3;034545104X;8", "u3;0439023483;7", "u4;06514251;9",
    ].joined(separator: "\r\n")

    @Test func inspectAndTheSummaryCountRepairs() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("BX-Book-Ratings.csv")
        try Data(Self.ratings.utf8).write(to: file)

        let inspected = try BinaryRunner.run(["inspect", file.path])
        #expect(inspected.status == 0, "\(inspected.stderr)")
        #expect(
            inspected.stdout.contains(
                "isbns of \(file.path): 2 repaired, 1 beyond repair (the file keeps keys like 034545104X whole)\n"),
            "\(inspected.stdout)")

        let out = folder.appendingPathComponent("out")
        let run = try BinaryRunner.run(["recommend", file.path, "--no-enrich", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("event=\"isbn repairs\""), "\(run.stderr)")
        let latest = Workspace.latest(in: out)
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: latest.appendingPathComponent("summary.json")))
                as? [String: Any])
        let files = try #require(summary["files"] as? [[String: Any]])
        let repairs = try #require(files.first?["isbnRepairs"] as? [String: Any])
        #expect(repairs["repaired"] as? Int == 2 && repairs["unrepairable"] as? Int == 1)
        #expect(repairs["zeroAndXKept"] as? Bool == true)
        let records = try #require(summary["records"] as? [String: Any])
        #expect(records["read"] as? Int == 8 && records["used"] as? Int == 8 && records["rejected"] as? Int == 0)
        let picks = try String(contentsOf: latest.appendingPathComponent("recommendations.csv"), encoding: .utf8)
        #expect(picks.contains("9780060002497") && !picks.contains("bookcrossing:60002492"), "\(picks)")
    }
}
