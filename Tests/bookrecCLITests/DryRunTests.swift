import Foundation
import Testing

/// `--dry-run` checks and counts, prints the plan, and writes nothing.
@Suite struct DryRunTests {
    @Test func aDryRunOfTheDemoJobPrintsThePlanAndCreatesNothing() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("never")
        let job = Workspace.root.appendingPathComponent("jobs/demo.json").path
        let result = try BinaryRunner.run(["run", job, "--out", out.path, "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        for expected in ["dry run of job 'demo'", "goodreads", "ratings-xml", "13 users", "(would be created)", "free"]
        {
            #expect(result.stdout.contains(expected), "\(expected)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aDryRunBesideAnEarlierRunTouchesNothingAndExpandsPatterns() throws {
        let out = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let club = Workspace.root.appendingPathComponent("input/club")
        let first = try BinaryRunner.run(["recommend", club.path, "--out", out.path, "--no-enrich"])
        #expect(first.status == 0)
        let before = OutputTree.entries(under: out)
        let pattern = club.appendingPathComponent("[ab]*.csv").path
        let result = try BinaryRunner.run(["recommend", pattern, "--out", out.path, "--dry-run", "--shard", "1/2"])
        #expect(result.status == 0, "\(result.stderr)")
        let alice = try #require(result.stdout.range(of: "alice.csv"))
        let bruno = try #require(result.stdout.range(of: "bruno.csv"))
        #expect(alice.lowerBound < bruno.lowerBound)
        #expect(!result.stdout.contains("chen.csv"))
        #expect(result.stdout.contains("shard    1 of 2"))
        #expect(OutputTree.entries(under: out) == before)
    }

    @Test(arguments: ["demo", "nightly-club", "library-import", "library-nightly"])
    func everyShippedJobIsValid(name: String) throws {
        let out = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let job = Workspace.root.appendingPathComponent("jobs/\(name).json").path
        let result = try BinaryRunner.run(["run", job, "--out", out.appendingPathComponent("o").path, "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("dry run of job '\(name)'"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }
}
