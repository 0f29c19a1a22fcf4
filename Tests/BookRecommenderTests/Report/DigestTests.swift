import Foundation
import Testing

@testable import BookRecommender

@Suite struct DigestTests {
    static func member(_ id: String, picks: [String], rated: [(String, Double)]) -> UserPicks {
        UserPicks(
            user: id,
            picks: picks.enumerated().map { index, item in
                ReportPick(
                    rank: index + 1, item: item, isbn13: nil, title: "T-\(item)", authors: ["A-\(item)"], score: 1,
                    because: [], fallback: false)
            },
            rated: rated.map { RatedBook(item: $0.0, title: "T-\($0.0)", rating: $0.1) })
    }

    static let club = [
        member("b", picks: ["x", "y", "z"], rated: [("p", 5), ("q", 3)]),
        member("a", picks: ["y", "x"], rated: [("p", 4), ("q", 5), ("r", 5)]),
        member("c", picks: ["y", "w"], rated: [("q", 4)]),
    ]

    @Test func mostRecommendedCountsMembersAndBreaksTiesByItem() {
        let stats = ClubStats(users: Self.club)
        #expect(stats.mostRecommended.map(\.item) == ["y", "x", "w", "z"])
        #expect(stats.mostRecommended.map(\.members) == [3, 2, 1, 1])
        #expect(stats.mostRecommended[0].title == "T-y")
        #expect(stats.mostRecommended[0].authors == ["A-y"])
        #expect(ClubStats(users: Self.club.reversed()) == stats)
    }

    @Test func highestRatedNeedsTwoRatingsWhenAnyBookHasThem() {
        let stats = ClubStats(users: Self.club)
        #expect(stats.minRatings == 2)
        #expect(stats.highestRated.map(\.item) == ["p", "q"])
        #expect(stats.highestRated.map(\.mean) == [4.5, 4])
        #expect(stats.highestRated.map(\.ratings) == [2, 3])
        let single = ClubStats(users: [Self.member("a", picks: [], rated: [("p", 3), ("q", 4)])])
        #expect(single.minRatings == 1)
        #expect(single.highestRated.map(\.item) == ["q", "p"])
    }

    @Test func chartsStopAtTheirLength() {
        let items = (0..<20).map { "i\($0)" }
        let stats = ClubStats(users: [Self.member("a", picks: items, rated: items.map { ($0, 3.0) })])
        #expect(stats.mostRecommended.count == ClubStats.chartLength)
        #expect(stats.highestRated.count == ClubStats.chartLength)
    }

    @Test func coverageCountsDistinctBooksByStatus() {
        let club = ReportSamples.enrichedClub
        let coverage = ClubStats(users: club).coverage
        #expect(coverage.books == 4)
        #expect(coverage.enriched == 2)
        #expect(coverage.notFound == 1)
        #expect(coverage.failed == 1)
        #expect(coverage.skipped == 0)
        #expect(coverage.stageRan)
        #expect(coverage.mainReason == "failed: daily quota exhausted")
        #expect(
            coverage.sentence == "Google Books described 2 of 4 recommended books; 1 unknown to it, "
                + "1 failed lookup (main reason: failed: daily quota exhausted).")
        let plain = ClubStats(users: Self.club).coverage
        #expect(!plain.stageRan)
        #expect(plain.books == 4)
        #expect(plain.sentence == "Google Books was not asked about the 4 recommended books.")
    }

    @Test func indexShowsDateTotalsChartsAndMembers() {
        let users = ReportSamples.enrichedClub.map { ($0, $0.user) }
        let page = IndexHTMLReport.page(users: users, totals: ReportSamples.enrichedTotals)
        #expect(page.contains("<title>Reading digest: Sample club</title>"))
        #expect(page.contains("<h1>Reading digest: Sample club</h1>\n<p class=\"date\">Run of 2026-11-30</p>"))
        #expect(page.contains("<li><strong>3</strong> members</li><li><strong>6</strong> books</li>"))
        #expect(page.contains("<li><strong>5</strong> ratings</li><li><strong>1</strong> rejected record</li>"))
        #expect(page.contains("Google Books described 2 of 4 recommended books"))
        #expect(page.components(separatedBy: "<svg class=\"chart\"").count == 3)
        #expect(page.contains(">3 members</text>"))
        #expect(page.contains(">Dune — Frank Herbert</text>"))
        #expect(page.contains("<h3><a href=\"users/cy.html\">cy</a></h3>\n<p class=\"meta\"><span class=\"badge\">"))
        #expect(page.components(separatedBy: "<ol class=\"top\">").count == 4)
        let members = page.components(separatedBy: "<h2>Members</h2>")[1]
        #expect(!members.contains("Quota Victim"))
    }

    @Test func digestTextMatchesThePage() {
        let users = ReportSamples.enrichedClub.map { ($0, $0.user) }
        let text = DigestText.text(users: users, totals: ReportSamples.enrichedTotals)
        #expect(text.hasPrefix("Reading digest: Sample club (2026-11-30)\n========================================\n"))
        #expect(text.contains("\nMembers:          3\nBooks:            6\nRatings:          5\n"))
        #expect(text.contains("Rejected records: 1\nGoogle Books:     2 of 4 recommended books described\n"))
        #expect(text.contains("1. ████████████████████ 3 members  Dune\n"))
        #expect(text.contains("\nada (users/ada.html)\n  1. Dune by Frank Herbert\n  2. Emma by Jane Austen\n"))
        #expect(text.contains("\ncy (users/cy.html)\n  1. Dune by Frank Herbert (popular pick)\n"))
        #expect(!text.components(separatedBy: "\nMembers\n")[1].contains("Quota Victim"))
        #expect(text.hasSuffix("\n"))
    }

    @Test func digestTextKeepsHostileStringsOnTheirLine() {
        var user = ReportSamples.user("evil\nname\u{1B}[2J")
        user.picks[0].title = "Line\r\nbreak\u{2028}x"
        let text = DigestText.text(users: [(user, "evil")], totals: ReportSamples.totals)
        #expect(text.contains("\nevil name [2J (users/evil.html)\n"))
        #expect(text.contains("  1. Line  break x by Frank <Herbert>\n"))
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\r"))
    }

    @Test func noDateNoNameGivesThePlainHeading() {
        let page = IndexHTMLReport.page(users: [], totals: ReportSamples.totals)
        #expect(page.contains("<h1>Reading digest</h1>\n<ul class=\"totals\">"))
        #expect(!page.contains("Run of"))
        #expect(page.contains("<p class=\"note\">No picks yet.</p>"))
        #expect(page.contains("<p class=\"note\">No members.</p>"))
        let text = DigestText.text(users: [], totals: ReportSamples.totals)
        #expect(text.hasPrefix("Reading digest\n==============\n"))
    }

    @Test func barChartEscapesLabelsAndScalesBars() {
        let svg = BarChartSVG.chart(
            [
                .init(label: "<script>&\"", value: 4, valueText: "4 <members>"),
                .init(label: String(repeating: "word ", count: 30), value: 1, valueText: "1"),
                .init(label: "zero", value: 0, valueText: "0"),
            ], summary: "a \"chart\" <b>", scale: 4)
        #expect(svg.hasPrefix("<svg class=\"chart\" width=\"360\" height=\"124\" viewBox=\"0 0 360 124\" role=\"img\""))
        #expect(svg.contains("aria-label=\"a &quot;chart&quot; &lt;b&gt;\""))
        #expect(svg.contains(">&lt;script&gt;&amp;&quot;</text>"))
        #expect(svg.contains(">4 &lt;members&gt;</text>"))
        #expect(svg.contains("width=\"264.0\""))
        #expect(svg.contains("width=\"66.0\""))
        #expect(svg.contains("width=\"2.0\""))
        #expect(svg.contains("word word…</text>"))
        #expect(!svg.contains("<script"))
    }

    @Test(arguments: [
        ("Harry Potter and the Prisoner of Azkaban (Harry Potter, #3)", "Harry Potter and the Prisoner of Azkaban"),
        ("Emma (Penguin Classics)", "Emma (Penguin Classics)"), ("(Series, #1)", "(Series, #1)"), ("Dune", "Dune"),
    ])
    func chartLabelsDropSeriesNotes(_ title: String, _ label: String) {
        #expect(IndexHTMLReport.withoutSeries(title) == label)
    }
}
