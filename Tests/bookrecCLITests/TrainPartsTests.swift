import Foundation
import Testing

/// `bookrec train --part I/N` × N, then `train --join`: the model file of a
/// single train, byte for byte; and the parts that must not be joined.
@Suite struct TrainPartsTests {
    /// Both commands write this as the training time.
    static let epoch = ["SOURCE_DATE_EPOCH": "1750000000"]
    static let inputs = ModelRunTests.club + ["--similarity", "bm25", "--neighbors", "30"]

    static func run(_ arguments: [String]) throws -> BinaryRunner.Result {
        try BinaryRunner.run(arguments, in: Workspace.root, environment: epoch)
    }

    /// Trains part `index` of `count` into `folder`; returns its path.
    static func part(_ index: Int, of count: Int, in folder: URL, _ inputs: [String] = inputs) throws -> String {
        let path = folder.appendingPathComponent("\(index)-of-\(count).part").path
        let result = try run(["train"] + inputs + ["--part", "\(index)/\(count)", "--model", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("bookrec: part \(index)/\(count) \(path): "), "\(result.stdout)")
        return path
    }

    /// The generated file has enough books for the sparse kernel to split
    /// into many blocks; the club reaches the join's merge of short rows.
    @Test(arguments: ["club", "generated"])
    func fourPartsJoinIntoTheSingleTrainsModel(input: String) throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs =
            input == "club"
            ? Self.inputs : [try GeneratedRatings.write(in: folder, users: 150, books: 800, perUser: 12)]
        let single = folder.appendingPathComponent("single.bookrec").path
        let trained = try Self.run(["train"] + inputs + ["--model", single])
        #expect(trained.status == 0, "\(trained.stderr)")
        let parts = try [2, 0, 3, 1].map { try Self.part($0, of: 4, in: folder, inputs) }
        let joined = folder.appendingPathComponent("joined.bookrec").path
        // The similarity as given to the parts, and as they fitted it, both agree.
        let similarity = input == "club" ? "bm25" : "auto"
        let join = try Self.run(["train", "--join"] + parts + ["--model", joined, "--similarity", similarity])
        #expect(join.status == 0, "\(join.stderr)")
        #expect(join.stdout.contains("joined from 4 parts"), "\(join.stdout)")
        let (a, b) = (
            try Data(contentsOf: URL(fileURLWithPath: single)), try Data(contentsOf: URL(fileURLWithPath: joined))
        )
        #expect(a.count > 1_000)
        #expect(a == b)
    }

    /// `train --prepare` once, then every part from the prepared input: the
    /// same part files, so the join is the single train's model.
    @Test func partsFromAPreparedInputJoinIntoTheSingleTrainsModel() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prepared = folder.appendingPathComponent("club.prepared").path
        let prepare = try Self.run(["train"] + Self.inputs + ["--prepare", "--model", prepared])
        #expect(prepare.status == 0, "\(prepare.stderr)")
        #expect(prepare.stdout.hasPrefix("bookrec: prepared input \(prepared): "), "\(prepare.stdout)")
        #expect(prepare.stdout.contains(" 0 neighbour links"), "\(prepare.stdout)")
        let fromInputs = try [0, 1, 2].map { try Self.part($0, of: 3, in: folder) }
        var parts: [String] = []
        for index in [2, 0, 1] {
            let path = folder.appendingPathComponent("prepared-\(index).part").path
            let result = try Self.run(
                ["train", "--prepared", prepared, "--part", "\(index)/3", "--model", path, "--neighbors", "30"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("bookrec: part \(index)/3 \(path): "), "\(result.stdout)")
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: path))
                    == Data(contentsOf: URL(fileURLWithPath: fromInputs[index])))
            parts.append(path)
        }
        let single = folder.appendingPathComponent("single.bookrec").path
        #expect(try Self.run(["train"] + Self.inputs + ["--model", single]).status == 0)
        let joined = folder.appendingPathComponent("joined.bookrec").path
        #expect(try Self.run(["train", "--join"] + parts + ["--model", joined]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: single))
        #expect(bytes.count > 1_000)
        #expect(try Data(contentsOf: URL(fileURLWithPath: joined)) == bytes)

        let out = folder.appendingPathComponent("refused.part").path
        let cases: [([String], Int32, String)] = [
            (["--prepared", prepared, "--model", out], 64, "missing --part I/N (with --prepared)"),
            (["--prepared", prepared, "--part", "0/3", "--model", out, "input/club"], 64, "--prepared reads no INPUT"),
            (
                ["--prepared", prepared, "--part", "0/3", "--model", out, "--catalog", "input/catalog.csv"], 64,
                "'--catalog' cannot be given with '--prepared'"
            ),
            (
                Self.inputs + ["--prepare", "--part", "0/3", "--model", out], 64,
                "'--prepare' cannot be given with '--part'"
            ),
            (
                ["--prepared", prepared, "--part", "0/3", "--model", out, "--similarity", "cosine"], 64,
                "'--similarity cosine' disagrees with the prepared input, prepared with --similarity bm25"
            ),
            (["--prepared", single, "--part", "0/3", "--model", out], 65, "\(single): not a prepared input"),
            (
                ["--prepared", folder.appendingPathComponent("none").path, "--part", "0/3", "--model", out], 66,
                "none: cannot read the prepared input"
            ),
        ]
        for (arguments, status, message) in cases {
            let result = try Self.run(["train"] + arguments)
            #expect(result.status == status, "\(arguments)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        // A prepared input is not a model: a run refuses it.
        let run = try Self.run(
            ["recommend"] + ModelRunTests.club + [
                "--model", prepared, "--out", folder.appendingPathComponent("out").path,
            ])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(run.stderr.contains("\(prepared): not a bookrec model"), "\(run.stderr)")
    }

    @Test func partsThatDoNotBelongTogetherAreRefusedNamingTheFile() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let parts = try (0..<3).map { try Self.part($0, of: 3, in: folder) }
        // Each in a folder of its own: the part files are named by part.
        func other(_ name: String, _ index: Int, of count: Int, _ inputs: [String]) throws -> String {
            let other = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            return try Self.part(index, of: count, in: other, inputs)
        }
        let otherInputs = try other("inputs", 1, of: 3, ["input/club", "--similarity", "bm25", "--neighbors", "30"])
        let otherSettings = try other("settings", 1, of: 3, ModelRunTests.club + ["--neighbors", "7"])
        let otherCount = try other("count", 1, of: 4, Self.inputs)
        let model = folder.appendingPathComponent("single.bookrec").path
        #expect(try Self.run(["train"] + Self.inputs + ["--model", model]).status == 0)
        let damaged = folder.appendingPathComponent("damaged.part")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: parts[1]))
        bytes[bytes.count / 2] ^= 0x10
        try bytes.write(to: damaged)
        let out = folder.appendingPathComponent("joined.bookrec").path
        let cases: [([String], Int32, String)] = [
            ([parts[0], otherInputs, parts[2]], 65, "\(otherInputs): does not belong with \(parts[0]): other inputs"),
            (
                [parts[0], otherSettings, parts[2]], 65,
                "\(otherSettings): does not belong with \(parts[0]): other settings"
            ),
            (
                [parts[0], parts[1], otherCount], 65,
                "\(otherCount): does not belong with \(parts[0]): other part count"
            ),
            ([parts[0], parts[2]], 66, "parts 1/3 are missing"),
            ([parts[1], parts[2]], 66, "parts 0/3 are missing"),
            (parts + [parts[1]], 65, "\(parts[1]): part 1/3 again (already given as \(parts[1]))"),
            (
                [parts[0], damaged.path, parts[2]], 65,
                "\(damaged.path): the training part is damaged: checksum mismatch"
            ),
            ([parts[0], model, parts[2]], 65, "\(model): a model file, not a training part"),
            ([parts[0], "input/club/members.csv"], 65, "input/club/members.csv: not a bookrec training part"),
            ([parts[0], folder.appendingPathComponent("none").path], 66, "none: cannot read the training part"),
            (
                parts + ["--neighbors", "20"], 64,
                "'--neighbors 20' disagrees with the parts, trained with --neighbors 30"
            ),
            (parts + ["--similarity", "cosine"], 64, "'--similarity cosine' disagrees with the parts"),
        ]
        for (arguments, status, message) in cases {
            let result = try Self.run(["train", "--join"] + arguments + ["--model", out])
            #expect(result.status == status, "\(arguments)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let bad = try Self.run(["train"] + Self.inputs + ["--part", "3/3", "--model", out])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("invalid value '3/3' for '--part'"), "\(bad.stderr)")
    }

    /// The committed Slurm steps, run by bash without Slurm (`scripts/slurm-local` runs them on a
    /// real one): the prepare step, the parts array's 4 tasks, then the join, write the train
    /// step's model file.
    @Test func theSlurmPartsAndJoinWriteTheTrainStepsModel() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        try manager.createDirectory(
            at: folder.appendingPathComponent(".build/release"), withIntermediateDirectories: true)
        for item in ["jobs", "input"] {
            try manager.copyItem(
                at: Workspace.root.appendingPathComponent(item), to: folder.appendingPathComponent(item))
        }
        try manager.copyItem(at: BinaryRunner.binary, to: folder.appendingPathComponent(".build/release/bookrec"))
        func step(_ script: String, task: Int? = nil) throws {
            var environment = Self.epoch.merging(["SLURM_SUBMIT_DIR": folder.path]) { $1 }
            if let task { environment.merge(["SLURM_ARRAY_TASK_ID": "\(task)", "SLURM_ARRAY_TASK_COUNT": "4"]) { $1 } }
            let result = try BinaryRunner.run(
                ["jobs/slurm/\(script)"], in: folder, executable: URL(fileURLWithPath: "/bin/bash"),
                environment: environment)
            #expect(result.status == 0, "\(script) \(task ?? -1): \(result.stderr)")
        }
        let model = folder.appendingPathComponent("models/library-import.bookrec")
        try step("bookrec-train.sbatch")
        let once = try Data(contentsOf: model)
        try manager.removeItem(at: model)
        try step("bookrec-train-prepare.sbatch")
        for task in [3, 1, 0, 2] { try step("bookrec-train-parts.sbatch", task: task) }
        // The prepared input and the 4 parts.
        #expect(try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("models/parts").path).count == 5)
        try step("bookrec-train-join.sbatch")
        #expect(once.count > 1_000)
        #expect(try Data(contentsOf: model) == once)
    }
}
