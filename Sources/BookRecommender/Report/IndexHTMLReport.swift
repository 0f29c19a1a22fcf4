import Foundation

/// `index.html`, the club digest: the run's date and totals, the club's most
/// recommended and highest-rated books as bar charts, and every member with
/// their top three picks and a link to their page. Every string from the
/// input is escaped.
public enum IndexHTMLReport {
    /// The page listing `users` (in the order given) beside their file stems.
    public static func page(users: [(picks: UserPicks, stem: String)], totals: ReportTotals) -> String {
        let stats = ClubStats(users: users.map(\.picks))
        let heading = title(totals)
        var html = ReportStyle.head(title: HTMLEscape.text(heading))
        html += "<main class=\"digest\">\n<h1>\(HTMLEscape.text(heading))</h1>\n"
        if let date = totals.runDate { html += "<p class=\"date\">Run of \(HTMLEscape.text(date))</p>\n" }
        if let notice = totals.notice { html += "<p class=\"notice\">\(HTMLEscape.text(notice))</p>\n" }
        html += totalsList(totals, coverage: stats.coverage)
        html += withoutRatings(totals.membersWithoutRatings)
        html += "<div class=\"charts\">\n<section class=\"chart-box\">\n<h2>Most recommended</h2>\n"
        html += mostRecommended(stats)
        html += "</section>\n<section class=\"chart-box\">\n<h2>Highest rated in the club</h2>\n"
        html += highestRated(stats)
        html += "</section>\n</div>\n"
        html += "<h2>Members</h2>\n"
        if users.isEmpty {
            html += "<p class=\"note\">No members.</p>\n"
        } else {
            html += "<ul class=\"members\">\n"
            for (picks, stem) in users { html += entry(picks, stem: stem) }
            html += "</ul>\n"
        }
        return html + ReportStyle.tail
    }

    /// "Reading digest", with the job's name when there is one.
    static func title(_ totals: ReportTotals) -> String {
        guard let name = totals.name, !name.allSatisfy(\.isWhitespace) else { return "Reading digest" }
        return "Reading digest: \(name)"
    }

    /// A count with its noun, singular for one: "1 member", "3 members".
    static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    /// `title` without a trailing series note like ` (Harry Potter, #3)`, to
    /// keep chart labels short; unchanged when nothing would be left.
    static func withoutSeries(_ title: String) -> String {
        guard title.hasSuffix(")"), let open = title.range(of: " (", options: .backwards),
            title[open.upperBound...].contains("#")
        else { return title }
        let rest = title[..<open.lowerBound].trimmingCharacters(in: .whitespaces)
        return rest.isEmpty ? title : rest
    }

    /// `title` shortened so that `title + suffix` fits a chart label, then `suffix`.
    static func label(_ title: String, suffix: String) -> String {
        BarChartSVG.shortened(title, to: max(BarChartSVG.maxLabel / 3, BarChartSVG.maxLabel - suffix.count)) + suffix
    }

    private static func totalsList(_ totals: ReportTotals, coverage: ClubStats.Coverage) -> String {
        let items: [(Int, String)] = [
            (totals.users, "member"), (totals.books, "book"), (totals.ratings, "rating"),
            (totals.rejected, "rejected record"),
        ]
        var html = "<ul class=\"totals\">"
        for (value, noun) in items {
            let words = count(value, noun).split(separator: " ", maxSplits: 1)
            html += "<li><strong>\(words[0])</strong> \(words[1])</li>"
        }
        html += "</ul>\n<p class=\"note\">\(HTMLEscape.text(coverage.sentence))</p>\n"
        return html
    }

    /// The members whose files gave no rating, each with why; nothing when there are none.
    private static func withoutRatings(_ members: [MemberReport]) -> String {
        guard !members.isEmpty else { return "" }
        var html = "<section class=\"notice\">\n<h2>Members without usable ratings</h2>\n<ul>\n"
        for member in members {
            html +=
                "<li><strong>\(HTMLEscape.text(member.name))</strong>: \(HTMLEscape.text(member.problem ?? ""))</li>\n"
        }
        return html + "</ul>\n</section>\n"
    }

    private static func mostRecommended(_ stats: ClubStats) -> String {
        guard !stats.mostRecommended.isEmpty else { return "<p class=\"note\">No picks yet.</p>\n" }
        let bars = stats.mostRecommended.map { book in
            let authors = book.authors.filter { !$0.allSatisfy(\.isWhitespace) }
            let by = authors.isEmpty ? "" : " — \(authors[0])"
            return (
                full: book.title + by,
                bar: BarChartSVG.Bar(
                    label: label(withoutSeries(book.title), suffix: by), value: Double(book.members),
                    valueText: count(book.members, "member"))
            )
        }
        let summary =
            "Most recommended: " + bars.map { "\($0.full), \($0.bar.valueText)" }.joined(separator: "; ")
        return "<figure>\n" + BarChartSVG.chart(bars.map(\.bar), summary: summary)
            + "<figcaption class=\"note\">Books picked for the most members.</figcaption>\n</figure>\n"
    }

    private static func highestRated(_ stats: ClubStats) -> String {
        guard !stats.highestRated.isEmpty else { return "<p class=\"note\">No ratings yet.</p>\n" }
        let bars = stats.highestRated.map { book in
            let mean = DecimalText.string(book.mean, places: 1) ?? "?"
            let ratings = " (\(count(book.ratings, "rating")))"
            return (
                full: "\(book.title)\(ratings), \(mean) of 5",
                bar: BarChartSVG.Bar(
                    label: label(withoutSeries(book.title), suffix: ratings), value: book.mean, valueText: "\(mean) ★")
            )
        }
        let summary = "Highest rated: " + bars.map(\.full).joined(separator: "; ")
        let who = stats.minRatings > 1 ? "rated by at least \(stats.minRatings) members" : "rated in the club"
        return "<figure>\n" + BarChartSVG.chart(bars.map(\.bar), summary: summary, scale: 5)
            + "<figcaption class=\"note\">Mean rating (of 5) of books \(who).</figcaption>\n</figure>\n"
    }

    private static func entry(_ user: UserPicks, stem: String) -> String {
        let href = "users/" + HTMLEscape.pathSegment(stem + ".html")
        var html = "<li class=\"card\">\n<h3><a href=\"\(HTMLEscape.text(href))\">"
        html += "\(HTMLEscape.text(user.user))</a></h3>\n"
        let top = user.picks.prefix(3)
        guard !top.isEmpty else { return html + "<p class=\"note\">No picks yet.</p>\n</li>\n" }
        if user.picks.allSatisfy(\.fallback) {
            html += "<p class=\"meta\"><span class=\"badge\">Popular picks</span> until they rate more books</p>\n"
        }
        html += "<ol class=\"top\">\n"
        for pick in top {
            html += "<li><cite>" + HTMLEscape.text(UserHTMLReport.displayTitle(pick.title, item: pick.item)) + "</cite>"
            let authors = pick.authors.filter { !$0.allSatisfy(\.isWhitespace) }
            if let first = authors.first {
                html += " <span class=\"authors\">by \(HTMLEscape.text(first))</span>"
            }
            html += "</li>\n"
        }
        return html + "</ol>\n</li>\n"
    }
}
