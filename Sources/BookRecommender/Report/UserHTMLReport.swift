/// `users/<stem>.html`: one user's picks as a self-contained page (inline
/// CSS, no scripts, no outside resources). Every string from the input is
/// escaped with `HTMLEscape.text`.
public enum UserHTMLReport {
    /// The page for `user`.
    public static func page(for user: UserPicks) -> String {
        let id = HTMLEscape.text(user.user)
        var html = ReportStyle.head(title: "Book picks for \(id)")
        html += "<main>\n<p><a href=\"../index.html\">All readers</a></p>\n"
        html += "<h1>Book picks for <span class=\"user\">\(id)</span></h1>\n"
        if user.picks.isEmpty {
            html += "<p class=\"note\">No picks yet: rate a few more books.</p>\n"
        } else {
            html += "<ol class=\"picks\">\n"
            for pick in user.picks { html += card(pick) }
            html += "</ol>\n"
        }
        html += "<section class=\"rated\">\n<h2>What we based this on</h2>\n"
        if user.rated.isEmpty {
            html += "<p class=\"note\">No rated books.</p>\n"
        } else {
            html += "<ul>\n"
            for book in user.rated {
                html += "<li><cite>\(HTMLEscape.text(displayTitle(book.title, item: book.item)))</cite> "
                html += "\(stars(book.rating))</li>\n"
            }
            html += "</ul>\n"
        }
        html += "</section>\n</main>\n</body>\n</html>\n"
        return html
    }

    /// The text shown for a book: its title, else its item key.
    static func displayTitle(_ title: String?, item: String) -> String {
        if let title, !title.allSatisfy(\.isWhitespace) { return title }
        return item.isEmpty ? "(untitled)" : item
    }

    /// `rating` (0–5) rounded to half stars, drawn as five slots of `★`, `½`
    /// and `☆` (3.5 is `★★★½☆`), labelled with the number for screen readers.
    static func stars(_ rating: Double) -> String {
        let halves = rating.isNaN ? 0 : Int((min(max(rating, 0), 5) * 2).rounded())
        let full = halves / 2
        let half = halves % 2
        let glyphs =
            String(repeating: "★", count: full) + String(repeating: "½", count: half)
            + String(repeating: "☆", count: 5 - full - half)
        let label = DecimalText.string(Double(halves) / 2, places: 1) ?? "0.0"
        return "<span class=\"stars\" role=\"img\" aria-label=\"\(label) out of 5 stars\" "
            + "title=\"\(label) out of 5\">\(glyphs)</span>"
    }

    private static func card(_ pick: Pick) -> String {
        let title = HTMLEscape.text(displayTitle(pick.title, item: pick.item))
        var html = "<li class=\"card\">\n<h2><span class=\"rank\">#\(pick.rank)</span> \(title)</h2>\n"
        let authors = pick.authors.filter { !$0.allSatisfy(\.isWhitespace) }
        if !authors.isEmpty {
            html += "<p class=\"authors\">by \(HTMLEscape.text(authors.joined(separator: ", ")))</p>\n"
        }
        let score = DecimalText.string(pick.score, places: 4) ?? "unknown"
        html += "<p class=\"score\">Predicted rating \(score) of 5 \(stars(pick.score))</p>\n"
        if pick.fallback {
            html += "<p><span class=\"badge\">Popular pick</span></p>\n"
        }
        if !pick.because.isEmpty {
            html += "<ul class=\"because\">\n"
            for book in pick.because {
                let rated = HTMLEscape.text(displayTitle(book.title, item: book.item))
                html += "<li>Because you rated <cite>\(rated)</cite> \(stars(book.rating))</li>\n"
            }
            html += "</ul>\n"
        }
        return html + "</li>\n"
    }
}
