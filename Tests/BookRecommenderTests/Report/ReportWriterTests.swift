import Foundation
import Testing

@testable import BookRecommender

@Suite struct ReportWriterTests {
    @Test func writesCompleteFilesAndNothingElse() throws {
        let parent = try ReportSamples.makeTempFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let output = parent.appendingPathComponent("out/nested", isDirectory: true)
        let files = try ReportWriter(outputFolder: output).write(
            users: ReportSamples.hostileUsers, totals: ReportSamples.totals)

        let stems = files.users.map(\.stem)
        var expected = ["digest.txt", "index.html", "recommendations.csv", "recommendations.jsonl", "users"]
        expected += stems.flatMap { ["users/\($0).html", "users/\($0).json"] }
        #expect(try ReportSamples.listing(output) == expected.sorted())
        #expect(
            try ReportSamples.listing(parent) == ["out", "out/nested"] + expected.sorted().map { "out/nested/" + $0 })
        #expect(
            files.users.map(\.user)
                == ReportSamples.hostileUsers.map(\.user).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        for user in files.users {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: user.json)) as? [String: Any]
            #expect(json?["user"] as? String == user.user)
            #expect(try String(contentsOf: user.html, encoding: .utf8).hasSuffix("</html>\n"))
        }
    }

    @Test func outputDoesNotDependOnInputOrder() throws {
        let parent = try ReportSamples.makeTempFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let first = parent.appendingPathComponent("a"), second = parent.appendingPathComponent("b")
        _ = try ReportWriter(outputFolder: first).write(users: ReportSamples.hostileUsers, totals: ReportSamples.totals)
        _ = try ReportWriter(outputFolder: second).write(
            users: ReportSamples.hostileUsers.reversed(), totals: ReportSamples.totals)
        let one = try ReportSamples.contents(first)
        #expect(one.count == 4 + 2 * ReportSamples.hostileUsers.count)
        #expect(one == (try ReportSamples.contents(second)))
        _ = try ReportWriter(outputFolder: first).write(
            users: ReportSamples.hostileUsers.shuffled(), totals: ReportSamples.totals)
        #expect(one == (try ReportSamples.contents(first)))
    }

    @Test func indexLinksEveryUserOnce() throws {
        let parent = try ReportSamples.makeTempFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let files = try ReportWriter(outputFolder: parent).write(
            users: ReportSamples.hostileUsers, totals: ReportSamples.totals)
        let index = try String(contentsOf: files.index, encoding: .utf8)
        let hrefs = index.components(separatedBy: "<a href=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        #expect(hrefs.sorted() == files.users.map { "users/\($0.stem).html" }.sorted())
        for href in hrefs {
            #expect(FileManager.default.fileExists(atPath: parent.appendingPathComponent(href).path))
        }
        #expect(index.contains("<li><strong>10</strong> members</li><li><strong>42</strong> books</li>"))
        #expect(index.contains("<li><strong>1234</strong> ratings</li><li><strong>7</strong> rejected records</li>"))
        #expect(!index.contains("<script"))
        #expect(!index.contains("<img"))
        #expect(
            index.contains(
                "<li><cite>Tom &amp; Jerry &lt;b&gt;</cite> <span class=\"authors\">by Frank &lt;Herbert&gt;</span></li>\n<li><cite>OL123W</cite></li>"
            ))
    }

    @Test func indexShowsAtMostThreeTitles() {
        var user = ReportSamples.user("u")
        user.picks += (3...6).map {
            ReportPick(
                rank: $0, item: "i\($0)", isbn13: nil, title: "T\($0)", authors: [], score: 1, because: [],
                fallback: false)
        }
        let page = IndexHTMLReport.page(users: [(user, "u")], totals: ReportSamples.totals)
        let index = page.components(separatedBy: "<h2>Members</h2>")[1]
        #expect(index.contains("<li><cite>OL123W</cite></li>\n<li><cite>T3</cite></li>\n</ol>"))
        #expect(index.components(separatedBy: "<li><cite>").count == 4)
        #expect(!index.contains("T4"))
    }

    @Test func refusesAUsersFolderThatLeadsOutside() throws {
        let parent = try ReportSamples.makeTempFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let output = parent.appendingPathComponent("out"), elsewhere = parent.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: output.appendingPathComponent("users"), withDestinationURL: elsewhere)
        #expect {
            _ = try ReportWriter(outputFolder: output).write(
                users: [ReportSamples.user("u")], totals: ReportSamples.totals)
        } throws: { error in
            if case .outsideOutputFolder = error as? ReportError { return true }
            return false
        }
        #expect(try ReportSamples.listing(elsewhere).isEmpty)
    }

    @Test func replacesAPlantedSymlinkInsteadOfWritingThroughIt() throws {
        let parent = try ReportSamples.makeTempFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let output = parent.appendingPathComponent("out"), victim = parent.appendingPathComponent("victim.txt")
        try Data("keep".utf8).write(to: victim)
        try FileManager.default.createDirectory(
            at: output.appendingPathComponent("users"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: output.appendingPathComponent("users/u.json"), withDestinationURL: victim)
        _ = try ReportWriter(outputFolder: output).write(users: [ReportSamples.user("u")], totals: ReportSamples.totals)
        #expect(try Data(contentsOf: victim) == Data("keep".utf8))
        let json = try Data(contentsOf: output.appendingPathComponent("users/u.json"))
        #expect((try JSONSerialization.jsonObject(with: json) as? [String: Any])?["user"] as? String == "u")
    }

    @Test func rejectsDuplicateUsersBeforeWriting() throws {
        let parent = try ReportSamples.makeTempFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let output = parent.appendingPathComponent("out")
        #expect(throws: ReportError.duplicateUser(user: "u")) {
            _ = try ReportWriter(outputFolder: output).write(
                users: [ReportSamples.user("u"), ReportSamples.user("v"), ReportSamples.user("u")],
                totals: ReportSamples.totals)
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func reportsAnOutputFolderThatCannotBeCreated() throws {
        let parent = try ReportSamples.makeTempFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let blocker = parent.appendingPathComponent("file")
        try Data().write(to: blocker)
        #expect {
            _ = try ReportWriter(outputFolder: blocker.appendingPathComponent("out")).write(
                users: [], totals: ReportSamples.totals)
        } throws: { error in
            if case .cannotCreateFolder = error as? ReportError { return true }
            return false
        }
    }
}
