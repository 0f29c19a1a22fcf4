import Foundation

@testable import BookRecommender

/// Sample users (some hostile) and temporary folders for the report tests.
enum ReportSamples {
    static let script = "<script>alert('x')</script>"

    static func user(_ id: String, title: String? = "Dune", rank: Int = 1) -> UserPicks {
        let because = RatedBook(item: "9780441013593", title: "Dune & \"Sons\"", rating: 4.5)
        let pick = ReportPick(
            rank: rank, item: "9780000000002", isbn13: "9780000000002", title: title,
            authors: ["Frank <Herbert>", "O'Brien"], score: 4.2000000000000002, because: [because],
            fallback: false)
        let popular = ReportPick(
            rank: rank + 1, item: "OL123W", isbn13: nil, title: nil, authors: [], score: 3.75, because: [],
            fallback: true)
        return UserPicks(user: id, picks: [pick, popular], rated: [because])
    }

    /// Users whose ids and titles try to break out of files and markup.
    static let hostileUsers: [UserPicks] = [
        user("alice", title: script),
        user("Alice"),
        user("../../etc/x", title: "Tom & Jerry <b>"),
        user("<img src=x onerror=alert(1)>"),
        user("nul\u{0}id\u{1}\u{7F}"),
        user("CON"),
        user(""),
        user("."),
        user("ü/é\\x"),
        user(String(repeating: "long", count: 100)),
    ]

    static let totals = ReportTotals(users: 10, books: 42, ratings: 1234, rejected: 7)

    /// A fresh folder under the system temporary directory; the caller removes it.
    static func makeTempFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("bookrec-report-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every file below `folder`, by relative path.
    static func contents(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try listing(folder) {
            let url = folder.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    /// Every path below `folder`, relative to it, sorted.
    static func listing(_ folder: URL) throws -> [String] {
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        return names.sorted()
    }
}
