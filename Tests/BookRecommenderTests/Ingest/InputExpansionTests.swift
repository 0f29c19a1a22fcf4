import Foundation
import Testing

@testable import BookRecommender

/// INPUT arguments → files and members: folders are clubs, subfolders members,
/// patterns expand, and two people never become one member.
@Suite struct InputExpansionTests {
    /// A scratch folder holding `files` (relative path → text; a path ending in
    /// `/` is an empty folder); removed by the caller.
    static func tree(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("inputs-\(UUID().uuidString)")
        for (relative, text) in files {
            let url = root.appendingPathComponent(relative)
            let isFolder = relative.hasSuffix("/")
            try FileManager.default.createDirectory(
                at: isFolder ? url : url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !isFolder { try Data(text.utf8).write(to: url) }
        }
        return root
    }

    static let goodreads = KnownHeaders.goodreads24.joined(separator: ",") + "\n"
    static let ratings = "user,item,rating\nu,b,4\n"

    /// (member, path relative to `root`) of each file.
    static func members(_ files: [InputFile], in root: URL) -> [String] {
        files.map { "\($0.member) \($0.path.replacingOccurrences(of: root.path + "/", with: ""))" }
    }

    @Test func aClubFolderHasFileMembersAndFolderMembers() throws {
        let root = try Self.tree([
            "club/alice.csv": Self.goodreads, "club/bob/goodreads_library_export.csv": Self.goodreads,
            "club/bob/storygraph_export.csv": "x", "club/bob/nested/deep.csv": "x", "club/.hidden.csv": "x",
            "club/carol/": "", "club/ratings.csv": Self.ratings,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try InputExpansion.files(for: [root.appendingPathComponent("club").path])
        #expect(
            Self.members(files, in: root) == [
                "alice club/alice.csv", "bob club/bob/goodreads_library_export.csv",
                "bob club/bob/storygraph_export.csv", "carol club/carol", "ratings club/ratings.csv",
            ])
        #expect(files.map { $0.memberFolder != nil } == [false, true, true, true, false])
    }

    /// The same export name in two folders: two members named after the folders.
    @Test func sameNamedExportsGivenApartAreNamedAfterTheirFolders() throws {
        let root = try Self.tree([
            "a/goodreads_library_export.csv": Self.goodreads, "b/goodreads_library_export.csv": Self.goodreads,
            "x/ratings.csv": Self.ratings, "y/ratings.csv": Self.ratings,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let inputs = [
            "a/goodreads_library_export.csv", "b/goodreads_library_export.csv", "x/ratings.csv", "y/ratings.csv",
        ]
        let files = try InputExpansion.files(for: inputs.map { root.appendingPathComponent($0).path })
        #expect(files.map(\.member) == ["a", "b", "ratings", "ratings"])
        let again = try InputExpansion.files(
            for: [root.appendingPathComponent("a/goodreads_library_export.csv").path] * 2)
        #expect(again.count == 1)
    }

    /// Two files of one stem in one folder, or a member folder and a file of
    /// its name: folder names cannot settle it, so nothing is read.
    @Test(arguments: [
        ("club", "alice", ["club/alice.csv", "club/alice.xml"]),
        ("club2", "bob", ["club2/bob/goodreads_library_export.csv", "club2/bob.csv"]),
    ])
    func clashesThatFolderNamesCannotSettleStopEverything(_ input: String, _ member: String, _ paths: [String]) throws {
        let root = try Self.tree([
            "club/alice.csv": Self.goodreads, "club/alice.xml": "<rss/>", "club2/bob.csv": Self.goodreads,
            "club2/bob/goodreads_library_export.csv": Self.goodreads,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let clash = IngestError.memberClash(member: member, paths: paths.map { root.appendingPathComponent($0).path })
        #expect(throws: clash) { try InputExpansion.files(for: [root.appendingPathComponent(input).path]) }
    }

    @Test func patternsExpandAndMustMatch() throws {
        let root = try Self.tree(["club/a.csv": Self.goodreads, "club/b.csv": Self.goodreads, "club/c.xml": "<rss/>"])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try InputExpansion.files(for: [root.appendingPathComponent("club/*.csv").path])
        #expect(files.map(\.member) == ["a", "b"])
        #expect(throws: IngestError.self) {
            try InputExpansion.files(for: [root.appendingPathComponent("club/*.tsv").path])
        }
    }
}

extension Array {
    fileprivate static func * (array: [Element], count: Int) -> [Element] {
        (0..<count).flatMap { _ in array }
    }
}
