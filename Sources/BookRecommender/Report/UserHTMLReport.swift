import Foundation

/// `users/<stem>.html`: one reader's picks as a self-contained page (inline
/// CSS, no scripts, no outside resources but `https` cover images). Every
/// string from the input or from Google Books is escaped with
/// `HTMLEscape.text`, and links are kept only when `HTMLEscape.safeURL`
/// accepts them.
///
/// Headings go in order: the page's `h1`, `h2` sections ("Your picks",
/// "What we based this on"), an `h3` per pick.
public enum UserHTMLReport {
    /// The page for `user`, with the run's `notice` (if any) above the picks.
    public static func page(for user: UserPicks, notice: String? = nil) -> String {
        let id = HTMLEscape.text(user.user)
        var html = ReportStyle.head(title: "Book picks for \(id)")
        html += "<main>\n<p class=\"back\"><a href=\"../index.html\">← All members</a></p>\n"
        html += "<h1>Book picks for <span class=\"user\">\(id)</span></h1>\n"
        html += "<p class=\"lead\">\(HTMLEscape.text(lead(user)))</p>\n"
        if let notice { html += "<p class=\"notice\">\(HTMLEscape.text(notice))</p>\n" }
        html += "<h2>Your picks</h2>\n"
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
            html += "<p class=\"note\">The books you rated, best first.</p>\n<ul>\n"
            for book in bestFirst(user.rated) {
                html += "<li>\(stars(book.rating)) <cite>\(HTMLEscape.text(displayTitle(book.title, item: book.item)))"
                html += "</cite></li>\n"
            }
            html += "</ul>\n"
        }
        return html + "</section>\n" + ReportStyle.tail
    }

    /// "5 picks, from the 12 books you rated.", or why the list is the popular one.
    static func lead(_ user: UserPicks) -> String {
        let picks = IndexHTMLReport.count(user.picks.count, "pick")
        let rated = IndexHTMLReport.count(user.rated.count, "book")
        if !user.picks.isEmpty, user.picks.allSatisfy(\.fallback) {
            return "\(picks) the whole club likes: rate a few more books for picks of your own."
        }
        return "\(picks), from the \(rated) you rated."
    }

    /// `books` by rating, highest first, ties by item key.
    static func bestFirst(_ books: [RatedBook]) -> [RatedBook] {
        books.sorted {
            let left = $0.rating.isNaN ? -1 : $0.rating
            let right = $1.rating.isNaN ? -1 : $1.rating
            return left != right ? left > right : $0.item.utf8.lexicographicallyPrecedes($1.item.utf8)
        }
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
}
