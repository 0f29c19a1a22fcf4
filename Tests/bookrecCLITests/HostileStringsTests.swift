import Foundation
import Testing

/// Markup, quotes, control characters and surrogate halves from input files
/// through a whole run: the HTML pages escape them, every JSON file is valid
/// UTF-8 JSON, and `rejects.csv` is valid UTF-8.
@Suite struct HostileStringsTests {
    static let isbns = ["9780439023481", "9780306406157", "9780765312181", "9780000000019"]
    static let titles = [
        "<script>alert(\"x\")</script>", "\"Quoted\" & 'single' </title><img src=x onerror=alert(1)>",
        "Bell\u{7}Esc\u{1B}[31mDel\u{7F}Sep\u{2028}Bom\u{FEFF}", "]]><!-- --><![CDATA[ {{x}} ${x}",
    ]
    /// CESU-8 for the lone surrogate U+D800: not UTF-8, so a UTF-8-only format rejects it.
    static let surrogate: [UInt8] = [0xED, 0xA0, 0x80]

    /// A Goodreads export rating every book, the `skip`-th with a CESU-8 title instead.
    static func goodreads(skip: Int) -> [UInt8] {
        var bytes = Array("Book Id,Title,Author,ISBN,ISBN13,My Rating,Exclusive Shelf\n".utf8)
        for (index, (isbn, title)) in zip(isbns, titles).enumerated() {
            let quotedTitle = "\"" + title.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let titleBytes = index == skip ? surrogate : Array(quotedTitle.utf8)
            bytes +=
                Array("\(index + 1),".utf8) + titleBytes + Array(",<A&B>,,=\"\(isbn)\",\(index % 5 + 1),read\n".utf8)
        }
        return bytes
    }

    @Test func hostileTextIsEscapedInHTMLAndValidInJSON() throws {
        let run = try HostileRun()
        defer { run.remove() }
        let club = run.input.appendingPathComponent("club")
        try FileManager.default.createDirectory(at: club, withIntermediateDirectories: true)
        try Data(Self.goodreads(skip: 0)).write(to: club.appendingPathComponent("<i>\"Eve\"&'.csv"))
        try Data(Self.goodreads(skip: 3)).write(to: club.appendingPathComponent("bob.csv"))
        // LibraryThing allows Latin-1, so the surrogate bytes are read as three Latin-1 characters.
        let libraryThing =
            Array("Book ID,Title,Primary Author,ISBN,Rating\n1,".utf8) + Self.surrogate
            + Array(",\u{1}Ann,\(Self.isbns[0]),4\n2,x,y,\(Self.isbns[2]),5\n".utf8)
        try Data(libraryThing).write(to: club.appendingPathComponent("carol.csv"))
        let result = try run.recommend([club.path])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try Workspace.files(under: run.report.resolvingSymlinksInPath())
        for (name, data) in files {
            #expect(String(validating: data, as: UTF8.self) != nil, "\(name) is not UTF-8")
        }
        for (name, data) in files where name.hasSuffix(".json") {
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(name)")
        }
        let jsonl = String(decoding: try #require(files["recommendations.jsonl"]), as: UTF8.self)
        for line in jsonl.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil)
        }
        let pages = files.filter { $0.key.hasSuffix(".html") }.mapValues { String(decoding: $0, as: UTF8.self) }
        #expect(pages.count == 4)
        let allPages = pages.values.joined()
        #expect(allPages.contains("&lt;script&gt;"))
        for forbidden in ["<script", "<img src=x", "<i>\"Eve", "\u{1}", "\u{7}", "\u{1B}", "\u{7F}", "<A&B>"] {
            #expect(!allPages.contains(forbidden), "\(forbidden.debugDescription) reached a page")
        }
        let users = try FileManager.default.contentsOfDirectory(atPath: run.report.appendingPathComponent("users").path)
        let eve = try #require(users.first { $0.hasSuffix(".json") && !$0.hasPrefix("bob") && !$0.hasPrefix("carol") })
        let document = try run.json("users/" + eve)
        #expect(document["user"] as? String == "<i>\"Eve\"&'")
        let rejects = try run.rejectRows()
        #expect(rejects.count == 2)
        #expect(rejects.allSatisfy { $0[2] == "invalid UTF-8" && $0[3].contains("\u{FFFD}") })
    }
}
