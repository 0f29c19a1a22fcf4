import Foundation

/// `users/<stem>.html`: one reader's picks as a self-contained page (inline
/// CSS, no scripts, no outside resources but `https` cover images). Every
/// string from the input or from Google Books is escaped as `HTMLEscape.text`
/// escapes it, and links are kept only when `HTMLEscape.safeURL` accepts them.
///
/// Headings go in order: the page's `h1`, `h2` sections ("Your picks",
/// "What we based this on"), an `h3` per pick. Under the lead, what changed
/// since the last digest (`ReaderChanges`); each pick shows its strength
/// in words (`PickStrength`) and a "New" mark when it is new.
///
/// A page depends on its reader alone (never on the run's date or on other
/// readers), so a shard can write it exactly as a single run would.
enum UserHTMLReport {
    /// The page for `user`, with `notice` (if any) above the picks.
    static func page(for user: UserPicks, notice: String? = nil) -> String {
        let out = TextBuffer()
        write(user, notice: notice, to: out)
        return out.string
    }

    /// Writes the page for `user` into `out`.
    static func write(_ user: UserPicks, notice: String?, to out: TextBuffer) {
        out.append(ReportStyle.headStart)
        out.append("Book picks for ")
        out.append(html: user.user)
        out.append(ReportStyle.headEnd)
        out.append("<main>\n<p class=\"back\"><a href=\"../index.html\">← All members</a></p>\n")
        out.append("<h1>Book picks for <span class=\"user\">")
        out.append(html: user.user)
        out.append("</span></h1>\n<p class=\"lead\">")
        out.append(html: lead(user))
        out.append("</p>\n")
        if let changes = user.sinceLastDigest {
            out.append("<p class=\"since\">")
            out.append(html: changes.sentences(newPicks: user.picks.count { $0.new }).joined(separator: " "))
            out.append("</p>\n")
        }
        if let notice {
            out.append("<p class=\"notice\">")
            out.append(html: notice)
            out.append("</p>\n")
        }
        out.append("<h2>Your picks</h2>\n")
        if user.picks.isEmpty {
            out.append("<p class=\"note\">No picks yet: rate a few more books.</p>\n")
        } else {
            out.append("<ol class=\"picks\">\n")
            let best = PickStrength.best(in: user.picks)
            for pick in user.picks { card(pick, best: best, to: out) }
            out.append("</ol>\n")
        }
        basis(user, to: out)
        out.append(ReportStyle.tail)
    }

    /// "What we based this on": the rated books behind the picks, best
    /// first, with how many picks each led to, and how the reader rated
    /// overall (not every rated book: that list made pages large).
    static func basis(_ user: UserPicks, to out: TextBuffer) {
        out.append("<section class=\"rated\">\n<h2>What we based this on</h2>\n")
        let total = user.ratings.total + user.interactions.total
        guard total > 0 else { return out.append("<p class=\"note\">No rated books.</p>\n</section>\n") }
        var books: [(book: RatedBook, picks: Int)] = []
        for pick in user.picks {
            for book in pick.because {
                if let known = books.firstIndex(where: { $0.book.item == book.item }) {
                    books[known].picks += 1
                } else {
                    books.append((book, 1))
                }
            }
        }
        if books.isEmpty {
            out.append("<p class=\"note\">No rated book of yours is behind these picks yet.</p>\n")
        } else {
            out.append("<p class=\"note\">Your picks come from ")
            out.append(books.count == 1 ? "this one" : "these \(books.count)")
            out.append(" of ")
            out.append(yourBooks(user))
            out.append(".</p>\n<ul>\n")
            for (book, picks) in books.sorted(by: { isBetter($0.book, than: $1.book) }) {
                out.append("<li>")
                if let kind = book.kind {
                    out.append("<span class=\"meta\">")
                    out.append(kind.label)
                    out.append("</span>")
                } else {
                    stars(book.rating, to: out)
                }
                out.append(" <cite>")
                out.append(html: displayTitle(book.title, item: book.item))
                out.append("</cite> <span class=\"meta\">· ")
                out.append(integer: picks)
                out.append(picks == 1 ? " pick</span></li>\n" : " picks</span></li>\n")
            }
            out.append("</ul>\n")
        }
        out.append("<p class=\"note\">")
        if user.ratings.total > 0 { out.append(spread(user.ratings)) }
        if !user.interactions.nonZero.isEmpty {
            if user.ratings.total > 0 { out.append(" ") }
            out.append(withoutStars(user.interactions))
        }
        out.append("</p>\n</section>\n")
    }

    /// "the 12 books you rated", or "your 40 books" when some have no stars.
    static func yourBooks(_ user: UserPicks) -> String {
        guard user.interactions.total > 0 else {
            return "the \(IndexHTMLReport.count(user.ratings.total, "book")) you rated"
        }
        return "your " + IndexHTMLReport.count(user.ratings.total + user.interactions.total, "book")
    }

    /// "Without stars: 30 read, 2 borrowed, 8 to read.", in kind order.
    static func withoutStars(_ counts: InteractionCounts) -> String {
        "Without stars: " + counts.nonZero.map { "\($0.count) \($0.kind.label)" }.joined(separator: ", ") + "."
    }

    /// "Your 12 ratings: 3 at 5 stars, 1 at 4½, 8 at 4.", highest first.
    static func spread(_ ratings: RatingCounts) -> String {
        var parts: [String] = []
        for halves in stride(from: 10, through: 0, by: -1) where ratings.halfStars[halves] > 0 {
            var part = "\(ratings.halfStars[halves]) at \(halves / 2)" + (halves % 2 == 1 ? "½" : "")
            if parts.isEmpty { part += halves == 2 ? " star" : " stars" }
            parts.append(part)
        }
        let total = ratings.total
        return "Your " + (total == 1 ? "rating" : "\(total) ratings") + ": " + parts.joined(separator: ", ") + "."
    }

    /// "5 picks, from the 12 books you rated.", or why the list is the popular one.
    static func lead(_ user: UserPicks) -> String {
        let picks = IndexHTMLReport.count(user.picks.count, "pick")
        if !user.picks.isEmpty, user.picks.allSatisfy(\.fallback) {
            return "\(picks) the whole club likes: rate a few more books for picks of your own."
        }
        return "\(picks), from \(yourBooks(user))."
    }

    /// Whether `one` goes before `other` in a best-first list: higher
    /// rating first (NaN last), then books without stars, ties by item key.
    static func isBetter(_ one: RatedBook, than other: RatedBook) -> Bool {
        let left = one.kind != nil ? -2 : one.rating.isNaN ? -1 : one.rating
        let right = other.kind != nil ? -2 : other.rating.isNaN ? -1 : other.rating
        return left != right ? left > right : one.item.utf8.lexicographicallyPrecedes(other.item.utf8)
    }

    /// The text shown for a book: its title, else its item key.
    static func displayTitle(_ title: String?, item: String) -> String {
        if let title, !title.isBlank { return title }
        return item.isEmpty ? "(untitled)" : item
    }

    /// `rating` (0–5) rounded to half stars, drawn as five slots of `★`, `½`
    /// and `☆` (3.5 is `★★★½☆`), labelled with the number for screen readers.
    static func stars(_ rating: Double) -> String {
        let out = TextBuffer()
        stars(rating, to: out)
        return out.string
    }

    static func stars(_ rating: Double, to out: TextBuffer) {
        out.append(starSpans[RatingCounts.halfStars(rating)])
    }

    /// The whole `stars` span for 0 to 10 half stars, built once.
    private static let starSpans = (0...10).map { halves in
        let label = DecimalText.string(Double(halves) / 2, places: 1) ?? "0.0"
        return "<span class=\"stars\" role=\"img\" aria-label=\"\(label) out of 5 stars\" "
            + "title=\"\(label) out of 5\">\(starGlyphs[halves])</span>"
    }

    /// The five slots for 0 to 10 half stars.
    private static let starGlyphs = (0...10).map { halves in
        String(repeating: "★", count: halves / 2) + String(repeating: "½", count: halves % 2)
            + String(repeating: "☆", count: 5 - halves / 2 - halves % 2)
    }
}
