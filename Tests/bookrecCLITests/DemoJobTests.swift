import Foundation
import Testing

/// Runs the demo job on the sample club in `input/`, as the README tells a new user to.
@Suite struct DemoJobTests {
    static let members = [
        "alice", "bruno", "chen", "dana", "emeka", "farah", "gus", "hana", "ivan", "jo", "kai", "lena", "milo",
    ]

    /// The JSON object in `data`, failing the test when there is none.
    static func object(_ data: Data?, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let data = try #require(data, sourceLocation: sourceLocation)
        let object = try JSONSerialization.jsonObject(with: data)
        return try #require(object as? [String: Any], sourceLocation: sourceLocation)
    }

    /// Runs the demo job into a new folder; returns the result, the output
    /// folder (to remove) and the run `latest` points at.
    func runDemo(_ extra: [String]) throws -> (BinaryRunner.Result, URL, URL) {
        let out = try Workspace.temporaryFolder()
        let job = Workspace.root.appendingPathComponent("jobs/demo.json").path
        let result = try BinaryRunner.run(["run", job, "--out", out.path, "--no-enrich"] + extra)
        return (result, out, Workspace.latest(in: out))
    }

    @Test func writesAReportForEveryMember() throws {
        let (result, out, run) = try runDemo([])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("13 users"))
        let files = try Workspace.files(under: run)
        for member in Self.members {
            let document = try Self.object(files["users/\(member).json"])
            #expect(document["user"] as? String == member)
            let picks = try #require(document["recommendations"] as? [[String: Any]])
            #expect(picks.count == 5, "\(member) has \(picks.count) picks")
            #expect(files["users/\(member).html"] != nil)
            let index = String(decoding: try #require(files["index.html"]), as: UTF8.self)
            #expect(index.contains("users/\(member).html"))
        }
        #expect(files["recommendations.csv"] != nil)
        #expect(!files.keys.contains { $0.hasSuffix(".partial") || $0.contains(".tmp") })
    }

    @Test func summaryAccountsForEveryRecordAndRejectsNameFileAndLine() throws {
        let (result, out, run) = try runDemo([])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        let files = try Workspace.files(under: run)
        let summary = try Self.object(files["summary.json"])
        let object = try #require(summary["records"] as? [String: Any])
        let records = object.compactMapValues { $0 as? Int }
        #expect(records.keys.sorted() == ["blank", "read", "rejected", "shelved", "used"])
        #expect(records["read"] == records["used"]! + records["shelved"]! + records["blank"]! + records["rejected"]!)
        #expect(records == ["read": 182, "used": 166, "shelved": 14, "blank": 0, "rejected": 2])
        // The 14 books without stars by kind: 2 to-read in each of the five exports, 4 Book-Crossing 0s.
        let interactions = try #require(object["interactions"] as? [String: Int])
        #expect(interactions == ["to-read": 10, "unrated": 4])
        #expect(interactions.values.reduce(0, +) == records["shelved"])
        #expect(summary["users"] as? Int == 13)
        let rejects = String(decoding: try #require(files["rejects.csv"]), as: UTF8.self)
        let lines = rejects.split(separator: "\n")
        #expect(lines.first == "file,line,reason,record")
        #expect(lines.count == 3)
        #expect(rejects.contains("members.csv,6,\"rating is not a number"))
        #expect(rejects.contains("members.csv,10,\"rating is off the scale"))
    }

    @Test func theNewcomerGetsThePopularityListAndNobodyGetsTheirOwnBooks() throws {
        let (result, out, run) = try runDemo([])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        let files = try Workspace.files(under: run)
        let milo = try Self.object(files["users/milo.json"])
        let picks = try #require(milo["recommendations"] as? [[String: Any]])
        #expect(picks.allSatisfy { $0["fallback"] as? Bool == true })
        // milo rated Harry Potter #1 (9780439554930) and Pride and Prejudice (9780679783268).
        #expect(!picks.contains { ["9780439554930", "9780679783268"].contains($0["item"] as? String) })
        let csv = String(decoding: try #require(files["recommendations.csv"]), as: UTF8.self)
        #expect(csv.hasPrefix("user,rank,item,score\n"))
    }

    @Test func reportsAreByteIdenticalForAnyThreadCount() throws {
        let (first, one, runOne) = try runDemo(["--threads", "1"])
        let (second, three, runThree) = try runDemo(["--threads", "3"])
        defer {
            try? FileManager.default.removeItem(at: one)
            try? FileManager.default.removeItem(at: three)
        }
        #expect(first.status == 0 && second.status == 0)
        var a = try Workspace.files(under: runOne)
        var b = try Workspace.files(under: runThree)
        a["summary.json"] = nil
        b["summary.json"] = nil
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.filter { $0.hasPrefix("mail/") }.count == 13)
        // A mail's Date and Message-ID name its run: the rest is the same.
        for (path, data) in a where path.hasPrefix("mail/") {
            a[path] = Self.withoutRunHeaders(data)
            b[path] = try Self.withoutRunHeaders(#require(b[path]))
        }
        #expect(a == b)
    }

    /// A mail without its `Date` and `Message-ID` lines.
    static func withoutRunHeaders(_ data: Data) -> Data {
        let text = String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n")
        return Data(
            text.filter { !$0.hasPrefix("Date: ") && !$0.hasPrefix("Message-ID: ") }.joined(separator: "\r\n").utf8)
    }

    @Test func failModeStopsAtTheFirstBadRecordWithExit65() throws {
        let (result, out, _) = try runDemo(["--on-bad-record", "fail"])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 65)
        #expect(result.stderr.contains("members.csv:6"))
        #expect(result.stderr.contains("rating is not a number"))
        // Only the lock file and the empty run history remain: no run, no latest.
        #expect(try Workspace.files(under: out).keys.sorted() == ["bookrec.lock"])
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("latest").path))
    }

    @Test func inspectDescribesTheClubAndWritesNothing() throws {
        let club = Workspace.root.appendingPathComponent("input/club").path
        let result = try BinaryRunner.run(["inspect", club])
        #expect(result.status == 0, "\(result.stderr)")
        for format in [
            "goodreads", "storygraph", "librarything", "goodreads-rss", "ratings-csv", "bookcrossing",
            "ratings-xml",
        ] {
            #expect(result.stdout.contains(format))
        }
        #expect(result.stdout.contains("first rejects (of 2)"))
    }

    static let movieLens = Workspace.shared.appendingPathComponent("data/ml-latest-small/ratings.csv")

    @Test(.enabled(if: FileManager.default.fileExists(atPath: movieLens.path), "needs ../shared/data"))
    func movieLensSmallGetsAReportForAll610Users() throws {
        let ratings = Self.movieLens
        let out = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try BinaryRunner.run([
            "recommend", ratings.path, "--columns", "user=userId,item=movieId,rating=rating", "--out", out.path,
            "--no-enrich",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let users = try FileManager.default.contentsOfDirectory(
            atPath: Workspace.latest(in: out).appendingPathComponent("users").path)
        #expect(users.filter { $0.hasSuffix(".json") }.count == 610)
    }
}
