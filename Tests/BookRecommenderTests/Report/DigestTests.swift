import Foundation
import Testing

@testable import BookRecommender

@Suite struct DigestTests {
    /// A member with picks of `picks` (titled `T-<item>`) who rated `rated`.
    struct Member {
        var user: UserPicks
        var rated: [RatedBook]
    }

    static func member(_ id: String, picks: [String], rated: [(String, Double)]) -> Member {
        let user = UserPicks(
            user: id,
            picks: picks.enumerated().map { index, item in
                ReportPick(
                    rank: index + 1, item: item, isbn13: nil, title: "T-\(item)", authors: ["A-\(item)"], score: 1,
                    because: [], fallback: false)
            },
            rated: [])
        return Member(user: user, rated: rated.map { RatedBook(item: $0.0, title: "T-\($0.0)", rating: $0.1) })
    }

    static let club = [
        member("b", picks: ["x", "y", "z"], rated: [("p", 5), ("q", 3)]),
        member("a", picks: ["y", "x"], rated: [("p", 4), ("q", 5), ("r", 5)]),
        member("c", picks: ["y", "w"], rated: [("q", 4)]),
    ]

    /// The statistics of `members`, tallied one member at a time in the order given.
    static func stats(_ members: some Sequence<Member>) -> ClubStats {
        var tally = ClubTally()
        for member in members {
            tally.add(picksOf: member.user)
            for book in member.rated { tally.addRating(item: book.item, title: book.title, rating: book.rating) }
        }
        return ClubStats(tally: tally)
    }

    /// The statistics of members known by their picks, and the club's `ratings`.
    static func stats(_ users: [UserPicks], ratings: [RatedBook] = []) -> ClubStats {
        var tally = ClubTally()
        for user in users { tally.add(picksOf: user) }
        for book in ratings { tally.addRating(item: book.item, title: book.title, rating: book.rating) }
        return ClubStats(tally: tally)
    }

    /// The digest's view of `users`, each file named after the id.
    static func summaries(_ users: [UserPicks]) -> [ReaderSummary] {
        users.map { ReaderSummary($0, stem: $0.user, bytes: (0, 0, 0)) }
    }

    @Test func mostRecommendedCountsMembersAndBreaksTiesByItem() {
        let stats = Self.stats(Self.club)
        #expect(stats.mostRecommended.map(\.item) == ["y", "x", "w", "z"])
        #expect(stats.mostRecommended.map(\.members) == [3, 2, 1, 1])
        #expect(stats.mostRecommended[0].title == "T-y")
        #expect(stats.mostRecommended[0].authors == ["A-y"])
        #expect(Self.stats(Self.club.reversed()) == stats)
    }

    @Test func tallesOfDisjointMembersAddUpToTheTallyOfAll() {
        var one = ClubTally(), two = ClubTally(), all = ClubTally()
        for (index, member) in Self.club.enumerated() {
            all.add(picksOf: member.user)
            if index == 1 { one.add(picksOf: member.user) } else { two.add(picksOf: member.user) }
            for book in member.rated {
                all.addRating(item: book.item, title: book.title, rating: book.rating)
                if index == 1 {
                    one.addRating(item: book.item, title: book.title, rating: book.rating)
                } else {
                    two.addRating(item: book.item, title: book.title, rating: book.rating)
                }
            }
        }
        var joined = two
        joined.add(one)
        #expect(joined == all)
        #expect(joined.readers == 3)
        #expect(joined.picked["y"]?.members == 3)
        #expect(joined.picked["y"]?.firstUser == "a")
        #expect(joined.rated["q"] == ClubTally.Rated(sum: 120_000, count: 3, title: "T-q"))
    }

    @Test func aDefiniteGoogleBooksAnswerWinsOverAFailedLookupWhenTalliesJoin() {
        func user(_ id: String, _ status: EnrichmentStatus) -> UserPicks {
            var picks = Self.member(id, picks: ["x"], rated: []).user
            picks.picks[0].enrichment = Enrichment(status: status)
            return picks
        }
        var failed = ClubTally(), found = ClubTally()
        failed.add(picksOf: user("a", .failed("timeout")))
        found.add(picksOf: user("b", .ok))
        var joined = failed
        joined.add(found)
        #expect(joined.picked["x"]?.status == .ok)
        #expect(joined.picked["x"]?.firstUser == "a")
        var other = found
        other.add(failed)
        #expect(other == joined)
    }

    @Test func readersTalliedOutOfOrderGiveTheDetailsOfTheFirstByIdAndTheBestAnswer() {
        var late = Self.member("b", picks: ["x", "x"], rated: []).user
        late.picks[0].title = "From b"
        late.picks[0].enrichment = Enrichment(status: .ok, title: "Google x")
        var early = Self.member("a", picks: ["x"], rated: []).user
        early.picks[0].title = "From a"
        early.picks[0].enrichment = Enrichment(status: .failed("timeout"))
        var tally = ClubTally()
        tally.add(picksOf: late)
        tally.add(picksOf: early)
        let entry = tally.picked["x"]
        #expect(entry?.members == 2)
        #expect(entry?.firstUser == "a")
        #expect(entry?.title == "From a")
        #expect(entry?.status == .ok)
        var inOrder = ClubTally()
        inOrder.add(picksOf: early)
        inOrder.add(picksOf: late)
        #expect(inOrder == tally)
    }

    @Test func highestRatedNeedsTwoRatingsWhenAnyBookHasThem() {
        let stats = Self.stats(Self.club)
        #expect(stats.minRatings == 2)
        #expect(stats.highestRated.map(\.item) == ["p", "q"])
        #expect(stats.highestRated.map(\.mean) == [4.5, 4])
        #expect(stats.highestRated.map(\.ratings) == [2, 3])
        let single = Self.stats([Self.member("a", picks: [], rated: [("p", 3), ("q", 4)])])
        #expect(single.minRatings == 1)
        #expect(single.highestRated.map(\.item) == ["q", "p"])
    }

    @Test func chartsStopAtTheirLength() {
        let items = (0..<20).map { "i\($0)" }
        let stats = Self.stats([Self.member("a", picks: items, rated: items.map { ($0, 3.0) })])
        #expect(stats.mostRecommended.count == ClubStats.chartLength)
        #expect(stats.highestRated.count == ClubStats.chartLength)
    }

    @Test func coverageCountsDistinctBooksByStatus() {
        let club = ReportSamples.enrichedClub
        let coverage = Self.stats(club).coverage
        #expect(coverage.books == 4)
        #expect(coverage.enriched == 2)
        #expect(coverage.notFound == 1)
        #expect(coverage.failed == 1)
        #expect(coverage.skipped == 0)
        #expect(coverage.stageRan)
        #expect(coverage.mainReason == "failed: daily quota exhausted")
        #expect(
            coverage.sentence == "Google Books described 2 of 4 recommended books; 1 unknown to it, "
                + "1 failed lookup (main reason: failed: daily quota exhausted). 1 book still waits for a "
                + "description; later runs continue where this one stopped.")
        let plain = Self.stats(Self.club).coverage
        #expect(!plain.stageRan)
        #expect(plain.books == 4)
        #expect(plain.sentence == "Google Books was not asked about the 4 recommended books.")
    }

    @Test func indexShowsDateTotalsChartsAndMembers() {
        let club = ReportSamples.enrichedClub
        let stats = Self.stats(club, ratings: ReportSamples.enrichedRatings)
        let page = IndexHTMLReport.page(
            members: Self.summaries(club), stats: stats, totals: ReportSamples.enrichedTotals)
        #expect(page.contains("<title>Reading digest: Sample club</title>"))
        #expect(page.contains("<h1>Reading digest: Sample club</h1>\n<p class=\"date\">Run of 2026-11-30</p>"))
        #expect(page.contains("<li><strong>3</strong> members</li><li><strong>6</strong> books</li>"))
        #expect(page.contains("<li><strong>5</strong> ratings</li><li><strong>1</strong> rejected record</li>"))
        #expect(page.contains("Google Books described 2 of 4 recommended books"))
        #expect(page.components(separatedBy: "<svg class=\"chart\"").count == 3)
        #expect(page.contains(">3 members</text>"))
        #expect(page.contains(">Dune — Frank Herbert</text>"))
        #expect(page.contains(">The Way of Kings (2 ratings)</text>"))
        #expect(page.contains(">5.0 ★</text>"))
        #expect(page.contains("<h3><a href=\"users/cy.html\">cy</a></h3>\n<p class=\"meta\"><span class=\"badge\">"))
        #expect(page.components(separatedBy: "<ol class=\"top\">").count == 4)
        let members = page.components(separatedBy: "<h2>Members</h2>")[1]
        #expect(!members.contains("Quota Victim"))
    }

    @Test func digestTextMatchesThePage() {
        let club = ReportSamples.enrichedClub
        let text = DigestText.text(
            members: Self.summaries(club), stats: Self.stats(club), totals: ReportSamples.enrichedTotals)
        #expect(text.hasPrefix("Reading digest: Sample club (2026-11-30)\n========================================\n"))
        #expect(text.contains("\nMembers:          3\nBooks:            6\nRatings:          5\n"))
        #expect(text.contains("Rejected records: 1\nGoogle Books:     2 of 4 recommended books described\n"))
        #expect(text.contains("1. ████████████████████ 3 members  Dune\n"))
        #expect(
            text.contains(
                "\nada (users/ada.html)\n  1. Dune by Frank Herbert (your strongest match)\n"
                    + "  2. Emma by Jane Austen (a very strong match)\n"))
        #expect(text.contains("\ncy (users/cy.html)\n  1. Dune by Frank Herbert (popular in the club)\n"))
        #expect(!text.components(separatedBy: "\nMembers\n")[1].contains("Quota Victim"))
        #expect(text.hasSuffix("\n"))
    }

    /// Books without stars are counted by kind on both, and not at all when there are none.
    @Test func booksWithoutStarsAreCountedByKindOnThePageAndInTheText() {
        let club = ReportSamples.enrichedClub
        var totals = ReportSamples.enrichedTotals
        totals.withoutStars[.read] = 9
        totals.withoutStars[.toRead] = 31
        let text = DigestText.text(members: Self.summaries(club), stats: Self.stats(club), totals: totals)
        #expect(
            text.contains("\nRatings:          5\nWithout stars:    40 (read 9, to-read 31)\nRejected records: 1\n"))
        let page = IndexHTMLReport.page(members: Self.summaries(club), stats: Self.stats(club), totals: totals)
        #expect(
            page.contains(
                "<li><strong>5</strong> ratings</li><li><strong>40</strong> books without stars (read 9, to-read 31)</li>"
                    + "<li><strong>1</strong> rejected record</li>"))
        totals.withoutStars = InteractionCounts(unrated: 1)
        let one = IndexHTMLReport.page(members: Self.summaries(club), stats: Self.stats(club), totals: totals)
        #expect(one.contains("<li><strong>1</strong> book without stars (unrated 1)</li>"))
        let plain = DigestText.text(
            members: Self.summaries(club), stats: Self.stats(club), totals: ReportSamples.enrichedTotals)
        #expect(!plain.contains("Without stars"))
    }

    @Test func digestTextKeepsHostileStringsOnTheirLine() {
        var user = ReportSamples.user("evil\nname\u{1B}[2J")
        user.picks[0].title = "Line\r\nbreak\u{2028}x"
        let member = ReaderSummary(user, stem: "evil", bytes: (0, 0, 0))
        let text = DigestText.text(members: [member], stats: Self.stats([user]), totals: ReportSamples.totals)
        #expect(text.contains("\nevil name [2J (users/evil.html)\n"))
        #expect(text.contains("  1. Line  break x by Frank <Herbert> (your strongest match)\n"))
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\r"))
    }

    @Test func aLargeClubIsListedByNameOnly() {
        let users = (0...IndexHTMLReport.cardLimit).map { number in
            Self.member("m<\(number)>", picks: ["x"], rated: []).user
        }
        let page = IndexHTMLReport.page(
            members: Self.summaries(users), stats: Self.stats(users), totals: ReportSamples.totals)
        let members = page.components(separatedBy: "<h2>Members</h2>\n")[1]
        #expect(members.hasPrefix("<p class=\"note\">1001 members: each name opens their page; "))
        #expect(members.contains("<li><a href=\"users/m%3C0%3E.html\">m&lt;0&gt;</a></li>\n"))
        #expect(members.components(separatedBy: "<li><a href=").count == 1 + 1001)
        #expect(!members.contains("class=\"card\""))
        let small = IndexHTMLReport.page(
            members: Self.summaries(Array(users.prefix(3))), stats: Self.stats(users), totals: ReportSamples.totals)
        #expect(small.components(separatedBy: "<li class=\"card\">").count == 4)
    }

    @Test func noDateNoNameGivesThePlainHeading() {
        let page = IndexHTMLReport.page(members: [], stats: Self.stats([UserPicks]()), totals: ReportSamples.totals)
        #expect(page.contains("<h1>Reading digest</h1>\n<ul class=\"totals\">"))
        #expect(!page.contains("Run of"))
        #expect(page.contains("<p class=\"note\">No picks yet.</p>"))
        #expect(page.contains("<p class=\"note\">No members.</p>"))
        let text = DigestText.text(members: [], stats: Self.stats([UserPicks]()), totals: ReportSamples.totals)
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
