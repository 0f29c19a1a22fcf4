import Foundation
import Testing

/// Every exit status the binary gives, from a real situation (75 is in
/// `LockTests`, 130 and 143 in `SignalTests`, 70 in the library's unit tests).
@Suite struct ExitStatusTests {
    let club = Workspace.root.appendingPathComponent("input/club").path

    @Test func noUsableRatingExits65() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("bad.csv")
        try Data("user,item,rating\na,b,lots\nc,d,many\n".utf8).write(to: input)
        let result = try BinaryRunner.run(["recommend", input.path, "--out", folder.appendingPathComponent("o").path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("no usable rating"))
    }

    @Test func anOutputFolderUnderAFileExits73BeforeAnyWork() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let result = try BinaryRunner.run(["recommend", club, "--out", file.appendingPathComponent("out").path])
        #expect(result.status == 73)
        #expect(result.stderr.contains("--out"))
        #expect(result.stderr.contains("is not a folder"))
    }

    @Test func latestThatCannotBeReplacedExits74AndKeepsTheRun() throws {
        let out = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        // A real folder where the symlink belongs: rename(2) cannot replace it.
        let blocker = out.appendingPathComponent("latest/keep")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
        let result = try BinaryRunner.run(["recommend", club, "--out", out.path, "--no-enrich"])
        #expect(result.status == 74)
        #expect(result.stderr.contains("latest"))
        #expect(OutputTree.runs(in: out).count == 1)
        #expect(FileManager.default.fileExists(atPath: blocker.path))
    }

    @Test func jobProblemsAreReportedTogetherWithTheirPathsAndExit78() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("file"))
        let job = folder.appendingPathComponent("job.json")
        try Data(
            #"{"inputs": ["\#(club)", "nowhere/*.csv"], "top": "ten", "colour": "red", "out": "file/out"}"#.utf8
        ).write(to: job)
        let result = try BinaryRunner.run(["run", job.path])
        #expect(result.status == 78)
        for expected in [
            "$.colour: unknown key", "$.top: expected integer, found string", "nowhere/*.csv' matches nothing",
            "$.out:",
        ] {
            #expect(result.stderr.contains(expected), "\(expected) in \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func onlyMissingInputsExit66EachNamed() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let job = folder.appendingPathComponent("job.json")
        try Data(#"{"inputs": ["a.csv", "b/*.xml"], "catalog": "books.csv", "out": "out"}"#.utf8).write(to: job)
        let result = try BinaryRunner.run(["run", job.path])
        #expect(result.status == 66)
        for path in ["$.inputs[0]", "$.inputs[1]", "$.catalog"] {
            #expect(result.stderr.contains("job.json: \(path):"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["job.json"])
    }

    @Test func jsonLogsAreOneObjectPerLine() throws {
        let out = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try BinaryRunner.run(["recommend", club, "--out", out.path, "--no-enrich", "--log-format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count > 5)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
            #expect(object?["level"] != nil && object?["stage"] != nil && object?["event"] != nil, "\(line)")
        }
        #expect(result.stdout.split(separator: "\n").count == 1)

        let bad = try BinaryRunner.run(["recommend", club, "--log-format", "xml"])
        #expect(bad.status == 64)
    }
}
