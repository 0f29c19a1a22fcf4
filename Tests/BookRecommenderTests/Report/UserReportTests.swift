import Foundation
import Testing

@testable import BookRecommender

@Suite struct UserReportTests {
    @Test func jsonFollowsTheSchema() throws {
        let text = ReportSamples.json(for: ReportSamples.user("u/1")).text
        let data = Data(text.utf8)
        #expect(text.hasPrefix("{\n  \"recommendations\": [\n"))
        #expect(text.hasSuffix("  \"schemaVersion\": 2,\n  \"user\": \"u/1\"\n}\n"))
        #expect(text.contains("\"score\": 4.2,\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let picks = try #require(object["recommendations"] as? [[String: Any]])
        #expect(picks.count == 2)
        #expect(
            Set(picks[0].keys) == ["rank", "item", "isbn13", "title", "authors", "score", "because", "fallback", "new"])
        #expect(picks.allSatisfy { $0["new"] as? Bool == false })
        #expect(object["sinceLastDigest"] == nil)
        #expect(picks[0]["authors"] as? [String] == ["Frank <Herbert>", "O'Brien"])
        let because = try #require(picks[0]["because"] as? [[String: Any]])
        #expect(because.first?["title"] as? String == "Dune & \"Sons\"")
        #expect(because.first?["rating"] as? Double == 4.5)
        #expect(Set(picks[1].keys) == ["rank", "item", "authors", "score", "because", "fallback", "new"])
        #expect(picks[1]["fallback"] as? Bool == true)
    }

    /// The writer prints as `JSONValue` does (sorted keys, its spacing, escapes and
    /// numbers): its document, read back and printed again (scores and ratings
    /// with at most 4 decimals, as the schema says), gives the same bytes.
    @Test func writtenDocumentsPrintAsJSONValueDoes() throws {
        var odd = ReportSamples.user("odd\u{2028}")
        odd.picks[0].score = .nan
        odd.picks[1].score = 12_345_678.123456
        let users =
            ReportSamples.hostileUsers + ReportSamples.enrichedClub + ReportSafetyTests.hostileEnrichedUsers
            + [odd, UserPicks(user: "none", picks: [], rated: [])]
        for user in users {
            let written = ReportSamples.json(for: user)
            let value = Self.fixed(try JSONDecoder().decode(JSONValue.self, from: Data(written.text.utf8)))
            #expect(written.text == value.text, "\(user.user)")
            #expect(written.line == value.compactText, "\(user.user)")
        }
    }

    /// `value` with every `score` and `rating` a number of at most 4 decimals, as the document prints them.
    private static func fixed(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let items): return .array(items.map(fixed))
        case .object(let members):
            var fixedMembers = members.mapValues(fixed)
            for key in ["score", "rating"] {
                switch members[key] {
                case .integer(let number): fixedMembers[key] = .fixed(Double(number), places: 4)
                case .number(let number): fixedMembers[key] = .fixed(number, places: 4)
                default: break
                }
            }
            return .object(fixedMembers)
        default: return value
        }
    }

    @Test func jsonSurvivesHostileIdsAndTitles() throws {
        for user in ReportSamples.hostileUsers {
            let data = Data(ReportSamples.json(for: user).text.utf8)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["user"] as? String == user.user)
            let picks = try #require(object["recommendations"] as? [[String: Any]])
            #expect(picks.first?["title"] as? String == user.picks.first?.title)
        }
    }

    @Test func htmlEscapesEverythingFromInput() {
        let user = UserPicks(
            user: "<b onclick=x>" + ReportSamples.script,
            picks: ReportSamples.user("x", title: ReportSamples.script).picks,
            rated: [RatedBook(item: "<i>", title: nil, rating: 3)])
        let page = UserHTMLReport.page(for: user)
        #expect(!page.contains("<script"))
        #expect(!page.contains("<b onclick"))
        #expect(!page.contains("<i>"))
        #expect(!page.contains("Frank <Herbert>"))
        #expect(page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(page.contains("<h1>Book picks for <span class=\"user\">&lt;b onclick=x&gt;&lt;script&gt;"))
        #expect(page.contains("Dune &amp; &quot;Sons&quot;"))
    }

    @Test func htmlIsSelfContained() {
        let page = UserHTMLReport.page(for: ReportSamples.user("u1"))
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
        #expect(page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(page.contains("@media (prefers-color-scheme: dark)"))
        #expect(page.contains("default-src 'none'"))
        #expect(!page.contains("<script"))
        #expect(!page.contains("<link"))
        #expect(!page.contains("src="))
        #expect(!page.contains("http:"))
        #expect(!page.contains("=\"https:"))
        #expect(page.hasSuffix("</html>\n"))
    }

    @Test func enrichedCardsShowCoverDescriptionAndPreviewOnlyFromSafeLinks() {
        var user = ReportSamples.user("u1")
        user.picks[0].enrichment = Enrichment(
            status: .ok, description: "First <b>paragraph</b>.\nSecond one.",
            previewLink: "https://books.google.com/books?id=x&dq=y", thumbnail: "javascript:alert(1)")
        user.picks[1].enrichment = Enrichment(status: .failed("daily quota exhausted"))
        let page = UserHTMLReport.page(for: user, notice: "Google Books: 1 of 2 <books>")
        #expect(page.contains("<p class=\"description\">First &lt;b&gt;paragraph&lt;/b&gt;.</p>"))
        #expect(page.contains("<details><summary>more</summary>\n<p>Second one.</p>"))
        #expect(page.contains("href=\"https://books.google.com/books?id=x&amp;dq=y\">Preview on Google Books</a>"))
        #expect(!page.contains("javascript:"))
        #expect(page.contains("class=\"cover placeholder tone"))
        #expect(!page.contains("daily quota exhausted"))
        #expect(page.contains("<p class=\"notice\">Google Books: 1 of 2 &lt;books&gt;</p>"))
    }

    @Test func htmlShowsPicksReasonsAndRatedBooks() {
        let page = UserHTMLReport.page(for: ReportSamples.user("u1"))
        #expect(page.contains("<span class=\"rank\">#1</span> Dune</h3>"))
        #expect(page.contains("<span class=\"rank\">#2</span> OL123W</h3>"))
        #expect(page.contains("by Frank &lt;Herbert&gt;, O&#39;Brien"))
        #expect(
            page.contains(
                "<p class=\"meta\"><span class=\"strength\" role=\"img\" aria-label=\"5 of 5\" "
                    + "title=\"5 of 5, next to your strongest match\">●●●●●</span> Your strongest match</p>"))
        #expect(!page.contains("4.2"))
        #expect(!page.contains("class=\"new\""))
        #expect(page.contains("Because you rated <cite>Dune &amp; &quot;Sons&quot;</cite> <span class=\"stars\""))
        #expect(page.components(separatedBy: "<span class=\"badge\">Popular in the club</span>").count == 2)
        #expect(page.contains("<h2>What we based this on</h2>"))
    }

    @Test func theBasisListsTheBooksBehindThePicksAndTheRatingSpread() {
        var user = ReportSamples.user("u1")
        user.picks[1].because = [
            RatedBook(item: "9780000000001", title: "Emma", rating: 3.5),
            RatedBook(item: "9780441013593", title: "Dune & \"Sons\"", rating: 4.5),
        ]
        user.ratings = RatingCounts([5, 4.5, 4.5, 4, 3.5, 3.74, 1])
        let page = UserHTMLReport.page(for: user)
        let basis = page.components(separatedBy: "<h2>What we based this on</h2>\n")[1]
        #expect(basis.hasPrefix("<p class=\"note\">Your picks come from these 2 of the 7 books you rated.</p>\n<ul>\n"))
        let items = basis.components(separatedBy: "<li>").dropFirst().map { $0.prefix { $0 != "\n" } }
        #expect(items.count == 2)
        #expect(
            items[0].hasSuffix("<cite>Dune &amp; &quot;Sons&quot;</cite> <span class=\"meta\">· 2 picks</span></li>"))
        #expect(items[0].contains("aria-label=\"4.5 out of 5 stars\""))
        #expect(items[1].hasSuffix("<cite>Emma</cite> <span class=\"meta\">· 1 pick</span></li>"))
        #expect(basis.contains("<p class=\"note\">Your 7 ratings: 1 at 5 stars, 2 at 4½, 1 at 4, 2 at 3½, 1 at 1.</p>"))
        #expect(page.contains("<p class=\"lead\">2 picks, from the 7 books you rated.</p>"))
    }

    @Test func theBasisOfAReaderWithoutReasonsOrRatings() {
        let popular = UserPicks(
            user: "new",
            picks: ReportSamples.user("x").picks.map {
                var pick = $0
                pick.because = []
                return pick
            }, ratings: RatingCounts([2]))
        #expect(
            UserHTMLReport.page(for: popular).contains(
                "No rated book of yours is behind these picks yet.</p>\n<p class=\"note\">Your rating: 1 at 2 stars.</p>"
            ))
        let nobody = UserPicks(user: "nobody", picks: [], ratings: RatingCounts())
        #expect(
            UserHTMLReport.page(for: nobody).contains(
                "<h2>What we based this on</h2>\n<p class=\"note\">No rated books.</p>"))
        #expect(UserHTMLReport.spread(RatingCounts([1, 1])) == "Your 2 ratings: 2 at 1 star.")
        #expect(RatingCounts([.nan, -3, 9, 2.24, 2.25]).halfStars == [2, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1])
    }

    @Test func aReadersNoticeCountsTheirOwnPicksWithoutDetails() {
        var user = ReportSamples.user("u1")
        #expect(ReaderNotice.text(for: user.picks) == nil)
        user.picks[0].enrichment = Enrichment(status: .ok)
        user.picks[1].enrichment = Enrichment(status: .notFound)
        #expect(ReaderNotice.text(for: user.picks) == nil)
        user.picks[1].enrichment = Enrichment(status: .skipped("daily quota exhausted"))
        #expect(
            ReaderNotice.text(for: user.picks)
                == "Google Books: 1 of your 2 picks could not be looked up (daily quota exhausted), so it is shown "
                + "without description, cover or preview link. The next run will try again.")
        user.picks[0].enrichment = Enrichment(status: .failed("HTTP 503"))
        #expect(
            ReaderNotice.text(for: user.picks)?.hasPrefix(
                "Google Books: 2 of your 2 picks could not be looked up (HTTP 503), so they are") == true)
    }

    @Test(arguments: [
        (5.0, "★★★★★", "5.0"), (4.5, "★★★★½", "4.5"), (3.74, "★★★½☆", "3.5"), (3.75, "★★★★☆", "4.0"),
        (0.0, "☆☆☆☆☆", "0.0"), (0.2, "☆☆☆☆☆", "0.0"), (7.0, "★★★★★", "5.0"), (-1.0, "☆☆☆☆☆", "0.0"),
        (Double.nan, "☆☆☆☆☆", "0.0"),
    ])
    func starsRoundToHalves(_ rating: Double, _ glyphs: String, _ label: String) {
        let stars = UserHTMLReport.stars(rating)
        #expect(stars.contains(">\(glyphs)</span>"))
        #expect(stars.contains("aria-label=\"\(label) out of 5 stars\""))
    }

    @Test func emptyTitleFallsBackToItemKey() {
        #expect(UserHTMLReport.displayTitle("  ", item: "OL1W") == "OL1W")
        #expect(UserHTMLReport.displayTitle(nil, item: "") == "(untitled)")
        #expect(UserHTMLReport.displayTitle("Emma", item: "OL1W") == "Emma")
    }

    @Test(arguments: [
        ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("cr\rlf\n", "\"cr\rlf\n\""),
        ("crlf\r\nx", "\"crlf\r\nx\""), (" lead", "\" lead\""), ("trail ", "\"trail \""), ("é, ü", "\"é, ü\""),
    ])
    func csvFieldsAreQuotedWhenTheyMustBe(_ value: String, _ field: String) {
        #expect(CSVField.escape(value) == field)
    }

    @Test func csvHasOneRowPerPick() {
        let csv = RecommendationsCSV.text(users: [
            ReportSamples.user("a,b"), UserPicks(user: "c", picks: [], rated: []),
        ])
        #expect(
            csv == """
                user,rank,item,score
                "a,b",1,9780000000002,4.2
                "a,b",2,OL123W,3.75

                """)
    }
}
