import Foundation
import Testing

/// Model files on the command line: damaged and missing files, settings a
/// model fixes, `export-coreml --model`, `inspect --model`, `--dry-run`.
@Suite struct ModelFileCommandTests {
    static func run(_ arguments: [String]) throws -> BinaryRunner.Result {
        try ModelRunTests.run(arguments)
    }

    /// Also for a shard, which maps the model file instead of reading it into memory.
    @Test(arguments: [[], ["--shard", "1/2"]])
    func aDamagedModelStopsTheRunWith65AndWritesNoRun(shard: [String]) throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (model, _) = try ModelRunTests.train(ModelRunTests.club, in: folder)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: model)))
        var flipped = bytes
        flipped[bytes.count / 2] ^= 0x10
        var newer = bytes
        newer[8] = 9
        let cases: [(String, [UInt8], String)] = [
            ("truncated", Array(bytes.prefix(bytes.count - 100)), "the model file is truncated: "),
            ("flipped", flipped, "the model file is damaged: checksum mismatch"),
            ("newer", newer, "model format 9 is newer than this bookrec reads (3)"),
            ("foreign", Array("user,item,rating\n".utf8), "not a bookrec model file"),
        ]
        for (name, content, message) in cases {
            let file = folder.appendingPathComponent("\(name).bookrec")
            try Data(content).write(to: file)
            let out = folder.appendingPathComponent("out-\(name)")
            let result = try Self.run(
                ["recommend", "input/club", "--model", file.path, "--out", out.path, "--no-enrich"] + shard)
            #expect(result.status == 65, "\(name)")
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("parts/1-of-2").path))
            #expect(result.stderr.contains("bookrec: \(file.path): \(message)"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("latest").path))
            #expect(OutputTree.leftovers(under: out).isEmpty)
        }
        let missing = try Self.run([
            "recommend", "input/club", "--model", folder.appendingPathComponent("none").path, "--out",
            folder.appendingPathComponent("out").path,
        ])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("--model: \(folder.appendingPathComponent("none").path): no such file"))
        let inspect = try Self.run(["inspect", "--model", folder.appendingPathComponent("truncated.bookrec").path])
        #expect(inspect.status == 65)
    }

    @Test func filterSettingsBesideAModelAreRefused() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (model, _) = try ModelRunTests.train(ModelRunTests.club, in: folder)
        let flag = try Self.run(["recommend", "input/club", "--model", model, "--neighbors", "5"])
        #expect(flag.status == 64)
        #expect(
            flag.stderr.contains(
                "'--neighbors' cannot be given with '--model': the model file fixes the filter's settings"))
        // The demo job sets similarity and shrinkage: both are named, with the job file.
        let job = Workspace.root.appendingPathComponent("jobs/demo.json").path
        let fromJob = try Self.run(["run", job, "--model", model, "--no-enrich", "--out", folder.path])
        #expect(fromJob.status == 78)
        #expect(fromJob.stderr.contains("\(job): $.shrinkage: not with a model: the model file fixes"))
        #expect(fromJob.stderr.contains("\(job): $.similarity: not with a model: the model file fixes"))
        // Scoring settings stay the run's.
        let top = try Self.run([
            "recommend", "input/club", "--model", model, "--top", "2", "--min-ratings", "20", "--no-enrich", "--out",
            folder.appendingPathComponent("out").path,
        ])
        #expect(top.status == 0, "\(top.stderr)")
        let (_, summary) = try ModelRunTests.latest(folder.appendingPathComponent("out"))
        #expect(summary["recommendations"] as? Int == 26 && summary["fallbackUsers"] as? Int == 13)
    }

    @Test func exportFromTheModelIsTheExportFromItsInputs() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (model, _) = try ModelRunTests.train(ModelRunTests.club, in: folder, [])
        let direct = folder.appendingPathComponent("direct/club.mlmodel")
        let fromModel = folder.appendingPathComponent("from-model/club.mlmodel")
        let first = try Self.run(["export-coreml"] + ModelRunTests.club + ["--out", direct.path])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try Self.run(["export-coreml", "--model", model, "--out", fromModel.path])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix("bookrec: 59 books, ") && second.stdout.contains("(bm25)"))
        #expect(
            try Data(contentsOf: direct.deletingLastPathComponent().appendingPathComponent("books.json"))
                == Data(contentsOf: fromModel.deletingLastPathComponent().appendingPathComponent("books.json")))
        // The description (field 2, first) carries the training time; everything after it is the same.
        let a = [UInt8](try Data(contentsOf: direct))
        let b = [UInt8](try Data(contentsOf: fromModel))
        #expect(a.count == b.count && a[2] == 0x12)
        let descriptionEnd = 3 + 2 + Int(a[3] & 0x7F) + Int(a[4] & 0x7F) << 7
        #expect(a[4] & 0x80 == 0 && a[descriptionEnd...] == b[descriptionEnd...])
    }

    @Test(arguments: [
        (
            ["export-coreml", "input/club", "--model", "m.bookrec", "--out", "x.mlmodel"],
            "'input/club' cannot be given with '--model'"
        ),
        (
            ["export-coreml", "--model", "m.bookrec", "--similarity", "cosine", "--out", "x.mlmodel"],
            "'--similarity' cannot be given with '--model'"
        ),
        (["export-coreml", "--out", "x.mlmodel"], "missing INPUT (or --model FILE)"),
        (["train", "input/club"], "missing --model FILE"),
        (["train", "--model", "x.bookrec"], "missing INPUT"),
        (["train", "input/club", "--model", "x.bookrec", "--top", "3"], "unknown option '--top'"),
        (["inspect"], "missing INPUT (or --model FILE)"),
    ])
    func usageErrorsExit64(arguments: [String], message: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func inspectAndDryRunDescribeTheModel() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (model, line) = try ModelRunTests.train(ModelRunTests.club, in: folder)
        let alone = try Self.run(["inspect", "--model", model])
        #expect(alone.status == 0, "\(alone.stderr)")
        let lines = alone.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "model     \(model)")
        // 166 star ratings and 14 books without stars (10 to-read, 4 Book-Crossing 0s), all learned from.
        #expect(lines.contains("contents  59 books, 13 readers, 180 ratings, 1786 neighbour links"))
        #expect(lines.contains("filter    cosine, 64 neighbours, threshold 0.001, shrinkage 0.0"))
        // The club is 8 files with 2 rejected records.
        #expect(
            lines.contains {
                $0.hasPrefix("ingest    kept for 8 files (2 rejected records), stamp ")
                    && $0.hasSuffix(": runs on the same inputs take it instead of reading them")
            })
        let fingerprint = try #require(line.split(separator: " ").drop { $0 != "fingerprint" }.dropFirst().first)
        #expect(
            lines.contains { $0.hasPrefix("trained   ") && $0.hasSuffix(", fingerprint \(fingerprint.dropLast())") })
        let size = try Data(contentsOf: URL(fileURLWithPath: model)).count
        #expect(lines.contains { $0.hasPrefix("loaded    \(size) bytes in ") })
        let withInputs = try Self.run(["inspect", "--model", model] + ModelRunTests.club)
        #expect(
            withInputs.stdout.contains("the model knows 59 of these 59 books; these are the ratings it was trained on"))
        let other = try Self.run(["inspect", "--model", model, "input/club/alice.csv"])
        #expect(other.stdout.contains("these are not the ratings it was trained on"))
        let dry = try Self.run(
            ["recommend"] + ModelRunTests.club + [
                "--model", model, "--dry-run", "--out", folder.appendingPathComponent("out").path,
            ])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("model    \(model): cosine, 64 neighbours, 59 books, trained "))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
