extension UserHTMLReport {
    /// Descriptions longer than this many characters show their start and
    /// keep the rest behind "more".
    static let shortDescription = 280

    /// One pick: cover, title, authors and year, why it was picked, the
    /// description and the Preview button.
    static func card(_ pick: ReportPick) -> String {
        let title = HTMLEscape.text(displayTitle(pick.title, item: pick.item))
        var html = "<li class=\"card\">\n" + cover(pick, title: title)
        html += "<h3><span class=\"rank\">#\(pick.rank)</span> \(title)</h3>\n"
        let meta = facts(pick)
        if !meta.isEmpty { html += "<p class=\"authors\">\(HTMLEscape.text(meta.joined(separator: " · ")))</p>\n" }
        if pick.fallback {
            let mean = DecimalText.string(pick.score, places: 1) ?? "?"
            html += "<p class=\"meta\"><span class=\"badge\">Popular pick</span> "
            html += "readers rate it \(mean) of 5 \(stars(pick.score))</p>\n"
        } else {
            let score = DecimalText.string(pick.score, places: 2) ?? "?"
            html += "<p class=\"meta\">Match score \(score)</p>\n"
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

    /// "by A, B", the year and the page count, whichever are known: our
    /// authors first, else Google's.
    static func facts(_ pick: ReportPick) -> [String] {
        var authors = pick.authors.filter { !$0.allSatisfy(\.isWhitespace) }
        if authors.isEmpty { authors = (pick.enrichment?.authors ?? []).filter { !$0.allSatisfy(\.isWhitespace) } }
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
    static func cover(_ pick: ReportPick, title: String) -> String {
        if let link = pick.enrichment?.thumbnail.flatMap(HTMLEscape.safeURL),
            link.lowercased().hasPrefix("https:")
        {
            return "<img class=\"cover\" src=\"\(HTMLEscape.text(link))\" alt=\"Cover of \(title)\" "
                + "width=\"72\" height=\"108\">\n"
        }
        let initial = displayTitle(pick.title, item: pick.item).first.map { HTMLEscape.text(String($0)) } ?? "?"
        let tone = SafeFileName.fnv1a64(Array(pick.item.utf8)) % 6
        return "<div class=\"cover placeholder tone\(tone)\" aria-hidden=\"true\">\(initial)</div>\n"
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
