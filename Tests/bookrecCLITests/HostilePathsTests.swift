import Foundation
import Testing

/// User ids that look like paths, devices or each other, and an output
/// folder with symlinks planted in it, through a whole run of the binary.
@Suite struct HostilePathsTests {
    static let ids = [
        "../../escape", "a/b", "..", ".", "/abs", "u\0nul", "ctl\u{1}\u{1B}[31m", "line\nbreak", "tab\tid",
        String(repeating: "long", count: 100), String(repeating: "long", count: 100) + "2", "Alice", "alice", "ALICE",
        "CON", "index", "summary", "nul.txt", "users", "rejects", "-dash", ".hidden", "é", "\u{202E}gnp.exe",
        "quote\"d", "<b>",
    ]

    /// A ratings CSV where every id rates the same three books.
    static func ratings(_ ids: [String]) -> [UInt8] {
        func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        var text = "user_id,book_id,rating\n"
        for (index, id) in ids.enumerated() {
            for book in 1...3 { text += "\(quoted(id)),b\((index + book) % 5),\(1 + (index + book) % 5)\n" }
        }
        return Array(text.utf8)
    }

    /// Every path under `folder` (relative), following no symlinks.
    static func listing(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func everyIdGetsItsOwnSafeFileInsideTheOutputFolder() throws {
        let run = try HostileRun()
        defer { run.remove() }
        let input = try run.write(Self.ratings(Self.ids), to: "ratings.csv")
        let result = try run.recommend([input])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.listing(run.root).allSatisfy { $0.hasPrefix("input") || $0.hasPrefix("out") })
        let users = run.report.appendingPathComponent("users")
        let names = try FileManager.default.contentsOfDirectory(atPath: users.path)
        #expect(names.count == 2 * Self.ids.count)
        #expect(Set(names.map { $0.lowercased() }).count == names.count)
        var owners: [String] = []
        for name in names where name.hasSuffix(".json") {
            let stem = String(name.dropLast(5))
            #expect(stem.utf8.count <= 80)
            #expect(
                stem.unicodeScalars.allSatisfy {
                    $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
                })
            #expect(!stem.hasPrefix(".") && !stem.hasPrefix("-"))
            #expect(
                !["con", "index", "summary", "nul", "users", "rejects"].contains(
                    stem.lowercased().split(separator: ".").first.map(String.init) ?? ""))
            #expect(names.contains(stem + ".html"))
            let data = try Data(contentsOf: users.appendingPathComponent(name))
            let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            owners.append(try #require(document["user"] as? String))
        }
        #expect(owners.sorted() == Self.ids.sorted())
        // `latest` is the one symlink, by design; nothing else is one.
        for path in Self.listing(run.out) where path != "latest" {
            let url = run.out.appendingPathComponent(path)
            let values = try url.resourceValues(forKeys: [.isSymbolicLinkKey])
            #expect(values.isSymbolicLink == false, "\(path)")
        }
    }

    /// Folders a run writes into, planted as links to elsewhere: the run refuses
    /// them (73) and writes nothing there.
    @Test(arguments: ["runs", "cache", "parts", "bookrec.lock"])
    func aFolderLinkedElsewhereIsNotFollowed(_ name: String) throws {
        let run = try HostileRun()
        defer { run.remove() }
        let elsewhere = run.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: run.out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: run.out.appendingPathComponent(name), withDestinationURL: elsewhere)
        let result = try run.recommend([try run.write(Self.ratings(["u1", "u2"]), to: "r.csv")])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("symbolic link"), "\(result.stderr)")
        #expect(Self.listing(elsewhere).isEmpty)
    }

    /// The folder shards share, planted as a link to elsewhere: shards and
    /// the merge refuse it (73) and write nothing there.
    @Test func aSharedShardFolderLinkedElsewhereIsNotFollowed() throws {
        let run = try HostileRun()
        defer { run.remove() }
        let input = try run.write(Self.ratings(["u1", "u2", "u3"]), to: "r.csv")
        #expect(try run.recommend([input], ["--shard", "0/1"]).status == 0)
        let elsewhere = run.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let shared = run.out.appendingPathComponent("parts/run")
        try FileManager.default.removeItem(at: shared)
        try FileManager.default.createSymbolicLink(at: shared, withDestinationURL: elsewhere)
        let merge = try BinaryRunner.run(["merge", run.out.path], in: run.root)
        #expect(merge.status == 73, "\(merge.stderr)")
        let shard = try run.recommend([input], ["--shard", "0/1"])
        #expect(shard.status == 73, "\(shard.stderr)")
        #expect(shard.stderr.contains("parts/run: is a symbolic link"), "\(shard.stderr)")
        #expect(Self.listing(elsewhere).isEmpty)
    }

    @Test func aLatestLinkedElsewhereIsReplacedNotWrittenThrough() throws {
        let run = try HostileRun()
        defer { run.remove() }
        let victims = run.root.appendingPathComponent("victims")
        try FileManager.default.createDirectory(at: victims, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: victims.appendingPathComponent("index.html"))
        try FileManager.default.createDirectory(at: run.out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: run.report, withDestinationURL: victims)
        let result = try run.recommend([try run.write(Self.ratings(["u1", "u2", "u3"]), to: "r.csv")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.listing(victims) == ["index.html"])
        #expect(try Data(contentsOf: victims.appendingPathComponent("index.html")) == Data("keep".utf8))
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: run.report.path)
        #expect(target.hasPrefix("runs/"))
    }
}
