import Foundation
import Testing

/// Broken and hostile XML through the built binary: what a truncated file
/// keeps, where `--on-bad-record fail` stops, and that an entity bomb costs
/// neither time nor memory.
@Suite struct HostileXMLRunTests {
    static let ratings = Array("user_id,book_id,rating\nu1,b1,4\nu1,b2,5\nu2,b1,4\nu2,b2,3\n".utf8)
    static let truncated = Array(
        """
        <?xml version="1.0"?>
        <ratings>
          <rating user="x1" book="b1" value="4"/>
          <rating user="x2" book="b2" value="5"/>
          <rating user="x3" book="b
        """.utf8)

    @Test func truncatedDocumentKeepsEarlierRecordsAndNamesTheLine() throws {
        let run = try HostileRun()
        defer { run.remove() }
        let xml = try run.write(Self.truncated, to: "cut.xml")
        let result = try run.recommend([xml, try run.write(Self.ratings, to: "r.csv")])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try run.json("summary.json")
        let files = try #require(summary["files"] as? [[String: Any]])
        let cut = try #require(files.first { ($0["path"] as? String)?.hasSuffix("cut.xml") == true })
        let records = try #require(cut["records"] as? [String: Int])
        #expect(records == ["read": 3, "used": 2, "shelved": 0, "blank": 0, "rejected": 1])
        let rows = try run.rejectRows()
        #expect(rows.count == 1)
        #expect(rows.first?[0].hasSuffix("cut.xml") == true)
        #expect(rows.first?[1] == "5")
        #expect(
            rows.first?[2].hasPrefix("the file ends inside <ratings>, which is never closed: was it cut short?") == true
        )
    }

    @Test func truncatedDocumentStopsAFailRunWith65() throws {
        let run = try HostileRun()
        defer { run.remove() }
        let xml = try run.write(Self.truncated, to: "cut.xml")
        let result = try run.recommend([xml], ["--on-bad-record", "fail"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("cut.xml:5: the file ends inside <ratings>"), "\(result.stderr)")
        // A failed run leaves no run behind: no `latest`, nothing in `runs/`.
        #expect(!FileManager.default.fileExists(atPath: run.report.path))
        let runs =
            (try? FileManager.default.contentsOfDirectory(atPath: run.out.appendingPathComponent("runs").path)) ?? []
        #expect(runs.isEmpty, "\(runs)")
    }

    @Test func billionLaughsIsRefusedInBoundedTimeAndMemory() throws {
        let run = try HostileRun()
        defer { run.remove() }
        var entities = "<!ENTITY l0 \"lol\">\n"
        for level in 1...12 {
            entities += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">\n"
        }
        let bomb =
            "<?xml version=\"1.0\"?>\n<!DOCTYPE ratings [\n\(entities)]>\n"
            + "<ratings><rating user=\"&l12;\" book=\"b\" value=\"4\"/><x>&l12;</x></ratings>\n"
        let xml = try run.write(Array(bomb.utf8), to: "bomb.xml")
        let clock = ContinuousClock()
        let start = clock.now
        let result = try run.recommend([xml, try run.write(Self.ratings, to: "r.csv")])
        #expect(clock.now - start < .seconds(30))
        // The run is written and made latest from r.csv; 65 says bomb.xml could not be used.
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("the run was written without what could not be used: member bomb"))
        let summary = try run.json("summary.json")
        #expect(try #require(summary["peakMemoryMB"] as? Double) < 500)
        let rows = try run.rejectRows()
        #expect(rows.count == 1)
        #expect(rows.first?[1] == "17")
        #expect(rows.first?[2].hasPrefix("the DOCTYPE declares entities, which are not accepted") == true)
    }
}
