import Foundation

/// `users/<stem>.html`: one user's picks as a self-contained page (inline
/// CSS, no scripts, no outside resources). Every string from the input is
/// escaped with `HTMLEscape.text`.
public enum UserHTMLReport {
    /// The page for `user`, with the run's `notice` (if any) above the picks.
    public static func page(for user: UserPicks, notice: String? = nil) -> String {
        let id = HTMLEscape.text(user.user)
        var html = ReportStyle.head(title: "Book picks for \(id)")
        html += "<main>\n<p><a href=\"../index.html\">All readers</a></p>\n"
        html += "<h1>Book picks for <span class=\"user\">\(id)</span></h1>\n"
        if let notice { html += "<p class=\"notice\">\(HTMLEscape.text(notice))</p>\n" }
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
        var html = "<li class=\"card\">\n" + cover(pick, title: title)
        html += "<h2><span class=\"rank\">#\(pick.rank)</span> \(title)</h2>\n"
        let authors = pick.authors.filter { !$0.allSatisfy(\.isWhitespace) }
        if !authors.isEmpty {
            html += "<p class=\"authors\">by \(HTMLEscape.text(authors.joined(separator: ", ")))</p>\n"
        }
        if pick.fallback {
            let mean = DecimalText.string(pick.score, places: 1) ?? "?"
            html += "<p class=\"score\"><span class=\"badge\">Popular pick</span> "
            html += "readers rate it \(mean) of 5 \(stars(pick.score))</p>\n"
        } else {
            let score = DecimalText.string(pick.score, places: 2) ?? "?"
            html += "<p class=\"score\">Match score \(score)</p>\n"
        }
        if !pick.because.isEmpty {
            html += "<ul class=\"because\">\n"
            for book in pick.because {
                let rated = HTMLEscape.text(displayTitle(book.title, item: book.item))
                html += "<li>Because you rated <cite>\(rated)</cite> \(stars(book.rating))</li>\n"
            }
            html += "</ul>\n"
        }
        if let enrichment = pick.enrichment { html += details(enrichment) }
        return html + "</li>\n"
    }

    /// The cover from Google Books, or a styled placeholder with the title's initial.
    static func cover(_ pick: Pick, title: String) -> String {
        if let link = pick.enrichment?.thumbnail.flatMap(HTMLEscape.safeURL) {
            return "<img class=\"cover\" src=\"\(HTMLEscape.text(link))\" alt=\"Cover of \(title)\" "
                + "width=\"64\" height=\"96\">\n"
        }
        let initial = displayTitle(pick.title, item: pick.item).first.map { HTMLEscape.text(String($0)) } ?? "?"
        return "<div class=\"cover placeholder\" aria-hidden=\"true\">\(initial)</div>\n"
    }

    /// Description (the first paragraph, the rest behind a CSS-only "more"),
    /// the Preview button, or a plain sentence saying why there is none.
    static func details(_ enrichment: Enrichment) -> String {
        var html = ""
        let paragraphs = (enrichment.description ?? "").split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        if let first = paragraphs.first {
            html += "<p class=\"description\">\(HTMLEscape.text(first))</p>\n"
            if paragraphs.count > 1 {
                html += "<details><summary>more</summary>\n"
                for paragraph in paragraphs.dropFirst() { html += "<p>\(HTMLEscape.text(paragraph))</p>\n" }
                html += "</details>\n"
            }
        }
        if let link = enrichment.previewLink.flatMap(HTMLEscape.safeURL) {
            html += "<p><a class=\"button\" href=\"\(HTMLEscape.text(link))\">Preview</a></p>\n"
        } else {
            html += "<p class=\"note\">No preview: \(HTMLEscape.text(whyNoPreview(enrichment.status)))</p>\n"
        }
        return html
    }

    static func whyNoPreview(_ status: EnrichmentStatus) -> String {
        switch status {
        case .ok: "Google Books has no preview of this book."
        case .notFound: "Google Books does not know this book."
        case .failed(let reason): "the Google Books lookup failed (\(reason))."
        case .skipped(let reason): "not looked up on Google Books (\(reason))."
        }
    }
}
