import Foundation

/// `index.html`, the club digest: the run's date and totals, the club's most
/// recommended and highest-rated books as bar charts, and every member with
/// a link to their page: with their top three picks, or, in a club of more
/// than `cardLimit` members, as a compact list of names (a card per member
/// would make a library's page tens of megabytes). Every string from the
/// input is escaped.
enum IndexHTMLReport {
    /// The most members shown as cards with their picks.
    static let cardLimit = 1_000

    /// The page listing `members` (in the order given) with the club's `stats`.
    static func page(members: [ReaderSummary], stats: ClubStats, totals: ReportTotals) -> String {
        let heading = title(totals)
        var html = ReportStyle.head(title: HTMLEscape.text(heading))
        html += "<main class=\"digest\">\n<h1>\(HTMLEscape.text(heading))</h1>\n"
        if let date = totals.runDate { html += "<p class=\"date\">Run of \(HTMLEscape.text(date))</p>\n" }
        if let notice = totals.notice { html += "<p class=\"notice\">\(HTMLEscape.text(notice))</p>\n" }
        html += totalsList(totals, coverage: stats.coverage)
        if let lastDigest = totals.lastDigest {
            html += "<p class=\"since\">\(HTMLEscape.text(DigestChanges(lastDigest, members: members).sentence))</p>\n"
        }
        html += withoutRatings(totals.membersWithoutRatings)
        html += withoutMail(totals.membersWithoutMail)
        html += "<div class=\"charts\">\n<section class=\"chart-box\">\n<h2>Most recommended</h2>\n"
        html += mostRecommended(stats)
        html += "</section>\n<section class=\"chart-box\">\n<h2>Highest rated in the club</h2>\n"
        html += highestRated(stats)
        html += "</section>\n</div>\n"
        html += "<h2>Members</h2>\n"
        if members.isEmpty {
            html += "<p class=\"note\">No members.</p>\n"
        } else if members.count <= cardLimit {
            html += "<ul class=\"members\">\n"
            for member in members { html += entry(member) }
            html += "</ul>\n"
        } else {
            html += "<p class=\"note\">\(count(members.count, "member")): each name opens their page; "
            html += "recommendations.csv lists every pick.</p>\n<ul class=\"names\">\n"
            let names = TextBuffer(capacity: 64 * members.count)
            for member in members {
                names.append("<li><a href=\"")
                names.append(href(member))
                names.append("\">")
                names.append(html: member.user)
                names.append("</a></li>\n")
            }
            html += names.string + "</ul>\n"
        }
        return html + ReportStyle.tail
    }

    /// "Reading digest", with the job's name when there is one.
    static func title(_ totals: ReportTotals) -> String {
        guard let name = totals.name, !name.isBlank else { return "Reading digest" }
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
        var items = [count(totals.users, "member"), count(totals.books, "book"), count(totals.ratings, "rating")]
        if totals.withoutStars.total > 0 {
            items.append(count(totals.withoutStars.total, "book") + " without stars (\(totals.withoutStars.kindList))")
        }
        items.append(count(totals.rejected, "rejected record"))
        var html = "<ul class=\"totals\">"
        for item in items {
            let words = item.split(separator: " ", maxSplits: 1)
            html += "<li><strong>\(words[0])</strong> \(HTMLEscape.text(String(words[1])))</li>"
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

    private static func withoutMail(_ rows: [MembersFileReport.Row]) -> String {
        guard !rows.isEmpty else { return "" }
        var html = "<section class=\"notice\">\n<h2>Members without mail</h2>\n<ul>\n"
        for row in rows { html += "<li>\(HTMLEscape.text(DigestText.withoutMail(row)))</li>\n" }
        return html + "</ul>\n</section>\n"
    }

    private static func mostRecommended(_ stats: ClubStats) -> String {
        guard !stats.mostRecommended.isEmpty else { return "<p class=\"note\">No picks yet.</p>\n" }
        let bars = stats.mostRecommended.map { book in
            let authors = book.authors.filter { !$0.isBlank }
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

    /// `users/<stem>.html`, escaped for an attribute.
    private static func href(_ member: ReaderSummary) -> String {
        HTMLEscape.text("users/" + HTMLEscape.pathSegment(member.stem + ".html"))
    }

    private static func entry(_ member: ReaderSummary) -> String {
        var html = "<li class=\"card\">\n<h3><a href=\"\(href(member))\">"
        html += "\(HTMLEscape.text(member.user))</a></h3>\n"
        if let since = member.since {
            html += "<p class=\"since\">\(HTMLEscape.text(since.sentences.joined(separator: " ")))</p>\n"
        }
        guard !member.top.isEmpty else { return html + "<p class=\"note\">No picks yet.</p>\n</li>\n" }
        if member.popular {
            html +=
                "<p class=\"meta\"><span class=\"badge\">Popular in the club</span> until they rate more books</p>\n"
        }
        html += "<ol class=\"top\">\n"
        for pick in member.top {
            html += "<li><cite>" + HTMLEscape.text(pick.title) + "</cite>"
            if let author = pick.author { html += " <span class=\"authors\">by \(HTMLEscape.text(author))</span>" }
            if pick.new { html += " <span class=\"new\">New</span>" }
            html += "</li>\n"
        }
        return html + "</ol>\n</li>\n"
    }
}
