/// `digest.txt`: the club digest of `index.html` as plain text, for a mail
/// body or a chat post. Bars are drawn with `█`; nothing is escaped, but
/// control characters from the input are replaced so a title cannot break
/// a line or move the cursor.
enum DigestText {
    /// The longest text bar, in characters.
    static let barWidth = 20

    /// The digest listing `members` (in the order given) with the club's `stats`.
    static func text(members: [ReaderSummary], stats: ClubStats, totals: ReportTotals) -> String {
        var heading = clean(IndexHTMLReport.title(totals))
        if let date = totals.runDate { heading += " (\(clean(date)))" }
        var out = heading + "\n" + String(repeating: "=", count: heading.count) + "\n\n"
        if let notice = totals.notice { out += "! \(clean(notice))\n\n" }
        var rows: [(String, String)] = [
            ("Members", "\(totals.users)"), ("Books", "\(totals.books)"), ("Ratings", "\(totals.ratings)"),
        ]
        let withoutStars = totals.withoutStars
        if withoutStars.total > 0 { rows.append(("Without stars", "\(withoutStars.total) (\(withoutStars.kindList))")) }
        rows.append(("Rejected records", "\(totals.rejected)"))
        for (name, value) in rows {
            out += (name + ":").padding(toLength: 18, withPad: " ", startingAt: 0) + value + "\n"
        }
        out += "Google Books:".padding(toLength: 18, withPad: " ", startingAt: 0)
        out += "\(stats.coverage.enriched) of \(stats.coverage.books) recommended books described\n"
        let coverage = stats.coverage
        if coverage.notFound + coverage.missing > 0 || !coverage.stageRan {
            out += "\n" + clean(coverage.sentence) + "\n"
        }
        if let lastDigest = totals.lastDigest {
            out += "\n" + clean(DigestChanges(lastDigest, members: members).sentence) + "\n"
        }
        if !totals.membersWithoutRatings.isEmpty {
            out += section("Members without usable ratings")
            for member in totals.membersWithoutRatings {
                out += "\(clean(member.name)): \(clean(member.problem ?? ""))\n"
            }
        }
        if !totals.membersWithoutMail.isEmpty {
            out += section("Members without mail")
            for row in totals.membersWithoutMail { out += clean(withoutMail(row)) + "\n" }
        }

        out += section("Most recommended")
        let largest = stats.mostRecommended.first?.members ?? 1
        for (index, book) in stats.mostRecommended.enumerated() {
            out += "\(index + 1). \(bar(Double(book.members) / Double(largest))) "
            out += "\(IndexHTMLReport.count(book.members, "member"))  \(clean(book.title))\n"
        }
        if stats.mostRecommended.isEmpty { out += "No picks yet.\n" }

        out += section("Highest rated in the club")
        for (index, book) in stats.highestRated.enumerated() {
            let mean = DecimalText.string(book.mean, places: 1) ?? "?"
            out += "\(index + 1). \(bar(book.mean / 5)) \(mean) of 5  \(clean(book.title)) "
            out += "(\(IndexHTMLReport.count(book.ratings, "rating")))\n"
        }
        if stats.highestRated.isEmpty { out += "No ratings yet.\n" }

        out += section("Members")
        return out + memberList(members)
    }

    /// Every member with their first picks; written into one buffer, as a
    /// library's digest lists tens of thousands.
    private static func memberList(_ members: [ReaderSummary]) -> String {
        let out = TextBuffer(capacity: 96 * members.count)
        for member in members {
            out.append("\n")
            memberPart(member, to: out)
        }
        return out.string
    }

    /// `member`'s part of the digest, which is also the plain text of their
    /// mail: their name and page, what changed since the last digest, and
    /// their first picks, each with its strength or "popular in the club".
    static func memberPart(_ member: ReaderSummary) -> String {
        let out = TextBuffer()
        memberPart(member, to: out)
        return out.string
    }

    static func memberPart(_ member: ReaderSummary, to out: TextBuffer) {
        out.append(clean(member.user))
        out.append(" (users/")
        out.append(HTMLEscape.pathSegment(member.stem + ".html"))
        out.append(")\n")
        if let since = member.since {
            out.append("  ")
            out.append(clean(since.sentences.joined(separator: " ")))
            out.append("\n")
        }
        if member.picks == 0 { out.append("  No picks yet.\n") }
        for pick in member.top {
            out.append("  ")
            out.append(integer: pick.rank)
            out.append(". ")
            out.append(clean(pick.title))
            if let author = pick.author {
                out.append(" by ")
                out.append(clean(author))
            }
            let notes =
                (pick.new ? ["new"] : []) + [pick.fallback ? "popular in the club" : pick.strength].compactMap { $0 }
            if !notes.isEmpty {
                out.append(" (")
                out.append(notes.joined(separator: "; "))
                out.append(")")
            }
            out.append("\n")
        }
    }

    /// `chiara: no mail: bad members row (line 4: …)`, as the digest lists a rejected members row.
    static func withoutMail(_ row: MembersFileReport.Row) -> String {
        "\(row.member ?? "line \(row.line)"): no mail: bad members row (line \(row.line): \(row.reason))"
    }

    private static func section(_ name: String) -> String {
        "\n\(name)\n" + String(repeating: "-", count: name.count) + "\n"
    }

    /// `fraction` (0...1) of `barWidth` as `█`, padded with spaces, at least one block.
    static func bar(_ fraction: Double) -> String {
        let filled = fraction.isFinite ? max(1, Int((min(max(fraction, 0), 1) * Double(barWidth)).rounded())) : 1
        return String(repeating: "█", count: filled) + String(repeating: " ", count: barWidth - filled)
    }

    /// `value` on one line: every control character (line breaks included)
    /// becomes a space.
    static func clean(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return value }
        return String(
            String.UnicodeScalarView(
                value.unicodeScalars.map {
                    $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0
                }))
    }
}
