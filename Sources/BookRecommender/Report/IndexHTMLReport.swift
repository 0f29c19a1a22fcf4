/// `index.html`: the run totals and a link to every user's page with the
/// titles of their top three picks. Every string from the input is escaped.
public enum IndexHTMLReport {
    /// The page listing `users` (in the order given) beside their file stems.
    public static func page(users: [(picks: UserPicks, stem: String)], totals: ReportTotals) -> String {
        var html = ReportStyle.head(title: "Book picks")
        html += "<main>\n<h1>Book picks</h1>\n<p class=\"totals\">"
        html += "<span>\(totals.users) users</span><span>\(totals.books) books</span>"
        html += "<span>\(totals.ratings) ratings</span><span>\(totals.rejected) rejected records</span></p>\n"
        if let notice = totals.notice { html += "<p class=\"notice\">\(HTMLEscape.text(notice))</p>\n" }
        if users.isEmpty {
            html += "<p class=\"note\">No users.</p>\n"
        } else {
            html += "<ul class=\"users\">\n"
            for (picks, stem) in users { html += entry(picks, stem: stem) }
            html += "</ul>\n"
        }
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    private static func entry(_ user: UserPicks, stem: String) -> String {
        let href = "users/" + HTMLEscape.pathSegment(stem + ".html")
        var html = "<li class=\"card\">\n<h3><a href=\"\(HTMLEscape.text(href))\">"
        html += "\(HTMLEscape.text(user.user))</a></h3>\n"
        let top = user.picks.prefix(3)
        if top.isEmpty {
            html += "<p class=\"note\">No picks yet.</p>\n"
        } else {
            let titles = top.map {
                "<cite>" + HTMLEscape.text(UserHTMLReport.displayTitle($0.title, item: $0.item)) + "</cite>"
            }
            html += "<p class=\"note\">Top picks: \(titles.joined(separator: ", "))</p>\n"
        }
        return html + "</li>\n"
    }
}
