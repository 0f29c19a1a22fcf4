extension UserHTMLReport {
    /// Descriptions longer than this many characters show their start and
    /// keep the rest behind "more".
    static let shortDescription = 280

    /// One pick: cover, title (with a "New" mark), authors and year, its
    /// strength against `best` (the reader's strongest filter score), why
    /// it was picked, the description and the Preview button.
    static func card(_ pick: ReportPick, best: (score: Double, rank: Int)?, to out: TextBuffer) {
        let title = displayTitle(pick.title, item: pick.item)
        out.append("<li class=\"card\">\n")
        cover(pick, title: title, to: out)
        out.append("<h3><span class=\"rank\">#")
        out.append(integer: pick.rank)
        out.append("</span> ")
        out.append(html: title)
        out.append(pick.new ? " <span class=\"new\">New</span></h3>\n" : "</h3>\n")
        let meta = facts(pick)
        if !meta.isEmpty {
            out.append("<p class=\"authors\">")
            out.append(html: meta.joined(separator: " · "))
            out.append("</p>\n")
        }
        if pick.fallback {
            out.append("<p class=\"meta\"><span class=\"badge\">Popular in the club</span> readers rate it ")
            if !out.append(decimal: pick.score, places: 1) { out.append("?") }
            out.append(" of 5 ")
            stars(pick.score, to: out)
            out.append("</p>\n")
        } else if let best, let level = PickStrength.level(of: pick.score, best: best.score),
            let phrase = PickStrength.phrase(of: pick, best: best)
        {
            out.append(strengthSpans[level])
            out.append(String(phrase.prefix(1).uppercased() + phrase.dropFirst()))
            out.append("</p>\n")
        } else {
            out.append("<p class=\"meta\">A match for the books you rated</p>\n")
        }
        if !pick.because.isEmpty {
            out.append("<ul class=\"because\">\n")
            for book in pick.because {
                out.append("<li>Because you ")
                out.append(book.kind?.because ?? "rated")
                out.append(" <cite>")
                out.append(html: displayTitle(book.title, item: book.item))
                out.append("</cite>")
                if book.kind == nil {
                    out.append(" ")
                    stars(book.rating, to: out)
                }
                out.append("</li>\n")
            }
            out.append("</ul>\n")
        }
        if let enrichment = pick.enrichment { out.append(details(enrichment)) }
        out.append("</li>\n")
    }

    /// The opening of a strength line for levels 0 to 5, dots labelled for screen readers.
    private static let strengthSpans = (0...5).map { level in
        "<p class=\"meta\"><span class=\"strength\" role=\"img\" aria-label=\"\(level) of 5\" "
            + "title=\"\(level) of 5, next to your strongest match\">\(PickStrength.dots(level))</span> "
    }

    /// "by A, B", the year and the page count, whichever are known: our
    /// authors first, else Google's.
    static func facts(_ pick: ReportPick) -> [String] {
        var authors = pick.authors.filter { !$0.isBlank }
        if authors.isEmpty { authors = (pick.enrichment?.authors ?? []).filter { !$0.isBlank } }
        var facts: [String] = []
        if !authors.isEmpty { facts.append("by " + authors.joined(separator: ", ")) }
        if let year = pick.enrichment?.publishedDate.flatMap(year) { facts.append(year) }
        if let pages = pick.enrichment?.pageCount, pages > 0 { facts.append("\(pages) pages") }
        return facts
    }

    /// The year of a Google Books date (`1965`, `2020-11`, `2019-11-12`), or
    /// nil when it does not start with four digits.
    static func year(_ date: String) -> String? {
        let head = date.prefix(4)
        guard head.count == 4, head.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return String(head)
    }

    /// The cover from Google Books (an `https` link only, as the page's
    /// policy allows), or a coloured placeholder with the title's initial.
    static func cover(_ pick: ReportPick, title: String, to out: TextBuffer) {
        if let link = pick.enrichment?.thumbnail.flatMap(HTMLEscape.safeURL),
            link.lowercased().hasPrefix("https:")
        {
            out.append("<img class=\"cover\" src=\"")
            out.append(html: link)
            out.append("\" alt=\"Cover of ")
            out.append(html: title)
            out.append("\" width=\"72\" height=\"108\">\n")
            return
        }
        out.append("<div class=\"cover placeholder tone")
        out.append(integer: Int(SafeFileName.fnv1a64(Array(pick.item.utf8)) % 6))
        out.append("\" aria-hidden=\"true\">")
        if let initial = title.first { out.append(html: String(initial)) } else { out.append("?") }
        out.append("</div>\n")
    }

    /// The description (its start, the rest behind a CSS-only "more"), and
    /// the Preview button, or a short note when Google Books has neither.
    static func details(_ enrichment: Enrichment) -> String {
        var html = ""
        let paragraphs = (enrichment.description ?? "").split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        if !paragraphs.isEmpty {
            let (lead, rest) = shortened(paragraphs)
            html += "<p class=\"description\">\(HTMLEscape.text(lead))</p>\n"
            if !rest.isEmpty {
                html += "<details><summary>more</summary>\n"
                for paragraph in rest { html += "<p>\(HTMLEscape.text(paragraph))</p>\n" }
                html += "</details>\n"
            }
        }
        if let link = enrichment.previewLink.flatMap(HTMLEscape.safeURL) {
            html += "<p><a class=\"button\" href=\"\(HTMLEscape.text(link))\">Preview on Google Books</a></p>\n"
        } else if let note = missingNote(enrichment.status) {
            html += "<p class=\"note\">\(note)</p>\n"
        }
        return html
    }

    /// The first paragraph, cut after about `shortDescription` characters
    /// at a word boundary, and what follows it.
    static func shortened(_ paragraphs: [String]) -> (lead: String, rest: [String]) {
        let first = paragraphs[0]
        guard first.count > shortDescription else { return (first, Array(paragraphs.dropFirst())) }
        let limit = first.index(first.startIndex, offsetBy: shortDescription)
        var cut = limit
        if let space = first[..<limit].lastIndex(of: " "),
            first.distance(from: first.startIndex, to: space) > shortDescription / 2
        {
            cut = space
        }
        let tail = first[cut...].trimmingCharacters(in: .whitespaces)
        return (String(first[..<cut]) + " …", ["… " + tail] + paragraphs.dropFirst())
    }

    /// Said on a card without a Preview button, for what Google Books
    /// answered; nil for lookups that failed or were skipped (the page's
    /// notice says that once, not on every card).
    static func missingNote(_ status: EnrichmentStatus) -> String? {
        switch status {
        case .ok: "Google Books has no preview of this book."
        case .notFound: "Google Books does not know this book."
        case .failed, .skipped: nil
        }
    }
}
