import Foundation
import Testing

/// `bookrec export-coreml` on the demo club in `input/`, run from the repository root.
@Suite struct ExportCoreMLCommandTests {
    static let club = ["export-coreml", "input/club", "--catalog", "input/catalog.csv"]

    func run(_ arguments: [String]) throws -> BinaryRunner.Result {
        try BinaryRunner.run(arguments, in: Workspace.root)
    }

    @Test func writesTheModelAndBooksJsonBesideIt() throws {
        let out = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let model = out.appendingPathComponent("app/club.mlmodel")
        let result = try run(Self.club + ["--out", model.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("bookrec: 59 books, "))
        #expect(result.stdout.contains("(bm25); model: \(model.path); books: "))
        // The demo club's two bad records are reported, not dropped silently.
        #expect(result.stderr.contains("event=\"records rejected\" count=2"))
        let bytes = [UInt8](try Data(contentsOf: model))
        #expect(bytes.prefix(2) == [0x08, 0x04])
        let books = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("app/books.json")))
                as? [String: Any])
        #expect(books["schemaVersion"] as? Int == 1)
        let list = try #require(books["books"] as? [[String: Any]])
        #expect(list.count == 59)
        let keys = list.compactMap { $0["item"] as? String }
        #expect(keys == keys.sorted())
        let potter = try #require(list.first { $0["item"] as? String == "9780439554930" })
        #expect((potter["title"] as? String)?.hasPrefix("Harry Potter and the Sorcerer") == true)
        #expect(potter["authors"] as? [String] == ["J.K. Rowling", "Mary GrandPré"])
        #expect((potter["cover"] as? String)?.hasPrefix("https://") == true)
    }

    @Test func theModelBytesDependOnlyOnTheInputAndOptions() throws {
        let out = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let one = out.appendingPathComponent("one/m.mlmodel")
        let three = out.appendingPathComponent("three/m.mlmodel")
        #expect(try run(Self.club + ["--out", one.path, "--threads", "1"]).status == 0)
        #expect(try run(Self.club + ["--out", three.path, "--threads", "3"]).status == 0)
        // Only the training time in the metadata may differ: the model
        // description (field 2) comes first, and everything after it, the
        // neighbour lists and item ids, is identical.
        let first = [UInt8](try Data(contentsOf: one))
        let second = [UInt8](try Data(contentsOf: three))
        #expect(first.count == second.count)
        #expect(first[2] == 0x12)
        var length = 0
        var index = 3
        var shift = 0
        while first[index] & 0x80 != 0 {
            length |= Int(first[index] & 0x7F) << shift
            shift += 7
            index += 1
        }
        length |= Int(first[index]) << shift
        let recommender = index + 1 + length
        #expect(first[recommender...] == second[recommender...])
        #expect(first.count - recommender > 10_000)
        #expect(
            try Data(contentsOf: out.appendingPathComponent("one/books.json"))
                == Data(contentsOf: out.appendingPathComponent("three/books.json")))
    }

    @Test(
        arguments: [
            (["export-coreml", "input/club"], "missing --out FILE.mlmodel"),
            (["export-coreml", "input/club", "--out", "x.json"], "a file name ending in .mlmodel"),
            (["export-coreml", "--out", "x.mlmodel"], "missing INPUT"),
            (["export-coreml", "input/club", "--out", "x.mlmodel", "--top", "3"], "unknown option '--top'"),
        ])
    func usageErrorsExit64(arguments: [String], message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("usage: bookrec"))
    }

    @Test func aMissingInputExits66AndWritesNothing() throws {
        let out = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try run(["export-coreml", "no/such/folder", "--out", out.appendingPathComponent("m.mlmodel").path])
        #expect(result.status == 66)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test func anUnwritableModelPathExits73() throws {
        let out = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let blocker = out.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let result = try run(Self.club + ["--out", blocker.appendingPathComponent("m.mlmodel").path])
        #expect(result.status == 73, "\(result.stderr)")
    }

    @Test func helpDescribesTheFeatures() throws {
        let result = try run(["help", "export-coreml"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("bookrec export-coreml INPUT... --out FILE.mlmodel"))
        #expect(result.stdout.contains("restrict_"))
        #expect(try run(["--help"]).stdout.contains("export-coreml"))
    }
}
