import Foundation
import Testing

@testable import BookRecommender

/// Every page a run writes, checked as a browser and a mail client would
/// meet it: escaped, well formed, linking only to `http`/`https`.
@Suite struct ReportSafetyTests {
    /// Users whose every string (id, titles, authors, Google's answer) is hostile.
    static var hostileEnrichedUsers: [UserPicks] {
        ReportSamples.hostileUsers.map { user in
            var user = user
            user.picks[0].enrichment = ReportSamples.hostileEnrichment
            user.picks[1].enrichment = Enrichment(status: .skipped("<offline> & \"x\""))
            return user
        }
    }

    /// Every page of a report folder written for `users`.
    static func pages(_ users: [UserPicks], totals: ReportTotals = ReportSamples.totals) throws -> [String: String] {
        let folder = try ReportSamples.makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try ReportWriter(outputFolder: folder).write(users: users, totals: totals)
        var pages = ["index.html": try String(contentsOf: files.index, encoding: .utf8)]
        for user in files.users {
            pages["users/\(user.stem).html"] = try String(contentsOf: user.html, encoding: .utf8)
        }
        return pages
    }

    @Test func checkerCatchesBrokenMarkup() {
        #expect(HTMLChecker.problems(in: "<!DOCTYPE html><html><body><p><b>x</p></i></body></html>").count >= 1)
        #expect(HTMLChecker.problems(in: "<!DOCTYPE html><html><body><blink>x</blink></body></html>").count == 1)
        #expect(HTMLChecker.problems(in: "<!DOCTYPE html><html><body><main><p>x</p></main></body></html>").isEmpty)
    }

    @Test func everyPageIsWellFormedForLibxml2() throws {
        let users = Self.hostileEnrichedUsers + ReportSamples.enrichedClub
        for (name, page) in try Self.pages(users, totals: ReportSamples.enrichedTotals) {
            #expect(HTMLChecker.problems(in: page) == [], "\(name)")
        }
    }

    @Test func noInputOrAPIStringReachesThePagesUnescaped() throws {
        for (name, page) in try Self.pages(Self.hostileEnrichedUsers) {
            for raw in [
                "<script", "<img src=x", "<i>Google", "<b>Ann", "<b>bold", "<Fiction>", "1965<br>", "<offline>",
                "<Herbert>", "\u{0}",
            ] {
                #expect(!page.contains(raw), "\(name) contains \(raw.debugDescription)")
            }
            #expect(page.components(separatedBy: "<style>").count == 2, "\(name)")
        }
        let user = try #require(Self.hostileEnrichedUsers.first { $0.user == "alice" })
        let page = UserHTMLReport.page(for: user)
        #expect(page.contains("Opens &lt;script&gt;alert(1)&lt;/script&gt; &amp; closes."))
        #expect(page.contains("by Frank &lt;Herbert&gt;, O&#39;Brien · 1965 · 12 pages</p>"))
        #expect(page.contains("Long &amp; &lt;b&gt;bold&lt;/b&gt;"))
    }

    @Test func linksAreOnlyHTTPOrHTTPS() throws {
        for (name, page) in try Self.pages(Self.hostileEnrichedUsers + ReportSamples.enrichedClub) {
            for attribute in ["href=\"", "src=\""] {
                for piece in page.components(separatedBy: attribute).dropFirst() {
                    let link = String(piece.prefix { $0 != "\"" })
                    let relative = !link.contains(":") && !link.hasPrefix("//")
                    #expect(relative || link.hasPrefix("https://") || link.hasPrefix("http://"), "\(name): \(link)")
                    if attribute == "src=\"" { #expect(link.hasPrefix("https://"), "\(name): \(link)") }
                }
            }
            #expect(!page.lowercased().contains("javascript:"), "\(name)")
        }
        let json = ReportSamples.json(for: Self.hostileEnrichedUsers[0]).line
        #expect(!json.contains("javascript:"))
        #expect(!json.contains("previewLink"))
    }

    @Test func enrichedCardShowsCoverYearDescriptionAndPreview() throws {
        let page = UserHTMLReport.page(for: ReportSamples.enrichedClub[0], notice: "n")
        #expect(page.contains("<img class=\"cover\" src=\"https://books.google.com/books/content?id=B1hSG45JCX4C&amp;"))
        #expect(page.contains("alt=\"Cover of Dune\""))
        #expect(page.contains("<p class=\"authors\">by Frank Herbert · 2005 · 896 pages</p>"))
        #expect(page.contains("<p class=\"description\">Set on the desert planet Arrakis"))
        #expect(page.contains(" …</p>\n<details><summary>more</summary>\n<p>… "))
        #expect(page.contains("<p>A stunning blend of adventure and mysticism, environmentalism and politics.</p>"))
        #expect(
            page.contains("href=\"https://play.google.com/books/reader?id=B1hSG45JCX4C\">Preview on Google Books</a>"))
        #expect(page.contains("Jane Austen · 1815</p>"))
        #expect(page.contains("<p class=\"note\">Google Books has no preview of this book.</p>"))
        #expect(page.contains("<p class=\"note\">Google Books does not know this book.</p>"))
        #expect(page.components(separatedBy: "class=\"cover placeholder tone").count == 4)
        #expect(page.contains("Because you rated <cite>The Way of Kings</cite> <span class=\"stars\""))
        #expect(
            page.contains(
                "<h1>Book picks for <span class=\"user\">ada</span></h1>\n<p class=\"lead\">4 picks, from the 2 books you rated.</p>"
            ))
    }

    @Test func headingsGoInOrderAndImagesHaveAltText() throws {
        for (name, page) in try Self.pages(ReportSamples.enrichedClub + Self.hostileEnrichedUsers) {
            var level = 0
            for piece in page.components(separatedBy: "<h").dropFirst() {
                guard let digit = piece.first?.wholeNumberValue, (1...6).contains(digit) else { continue }
                #expect(digit <= level + 1, "\(name): h\(digit) after h\(level)")
                level = digit
            }
            #expect(page.contains("<h1>"), "\(name)")
            for image in page.components(separatedBy: "<img ").dropFirst() {
                #expect(image.prefix { $0 != ">" }.contains(" alt=\"Cover of "), "\(name)")
            }
            #expect(page.contains("<html lang=\"en\">"))
        }
    }

    @Test func theRunDateChangesOnlyTheDigest() throws {
        let folder = try ReportSamples.makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var totals = ReportSamples.enrichedTotals
        let first = folder.appendingPathComponent("a"), second = folder.appendingPathComponent("b")
        _ = try ReportWriter(outputFolder: first).write(users: ReportSamples.enrichedClub, totals: totals)
        totals.runDate = "2027-01-02"
        _ = try ReportWriter(outputFolder: second).write(users: ReportSamples.enrichedClub, totals: totals)
        let one = try ReportSamples.contents(first), two = try ReportSamples.contents(second)
        #expect(one.keys.sorted() == two.keys.sorted())
        let changed = one.keys.filter { one[$0] != two[$0] }.sorted()
        #expect(changed == ["digest.txt", "index.html"])
        #expect(String(decoding: two["digest.txt"] ?? Data(), as: UTF8.self).contains("(2027-01-02)"))
    }

    @Test func dayIsTheUTCDateOfStartedAt() {
        let date = Date(timeIntervalSince1970: 1_796_083_199)  // 2026-11-30T23:59:59Z
        #expect(ReportTotals.day(of: date) == "2026-11-30")
        #expect(ISO8601DateFormatter().string(from: date).hasPrefix(ReportTotals.day(of: date)))
    }

    /// Writes the enriched sample club (covers, descriptions, every kind of
    /// Google Books answer) for `scripts/screenshot --sample`, into
    /// `$BOOKREC_SAMPLE_REPORT` when set, else into a folder removed afterwards.
    @Test func enrichedSampleClubIsCompleteAndWellFormed() throws {
        let kept = ProcessInfo.processInfo.environment["BOOKREC_SAMPLE_REPORT"].map { URL(fileURLWithPath: $0) }
        let folder = try kept ?? ReportSamples.makeTempFolder()
        defer { if kept == nil { try? FileManager.default.removeItem(at: folder) } }
        let files = try ReportWriter(outputFolder: folder).write(
            users: ReportSamples.enrichedClubSinceLastDigest, totals: ReportSamples.enrichedTotals,
            ratings: ReportSamples.enrichedRatings)
        #expect(files.users.map(\.stem) == ["ada", "ben", "cy"])
        for page in [files.index] + files.users.map(\.html) {
            #expect(HTMLChecker.problems(in: try String(contentsOf: page, encoding: .utf8)) == [], "\(page.path)")
        }
        let ada = try String(contentsOf: files.users[0].html, encoding: .utf8)
        #expect(ada.components(separatedBy: "<img class=\"cover\"").count == 2)
        #expect(ada.components(separatedBy: "<li class=\"card\">").count == 5)
        #expect(ada.components(separatedBy: " <span class=\"new\">New</span></h3>").count == 3)
        #expect(
            ada.contains(
                "<p class=\"since\">2 new picks since the last digest, marked new. "
                    + "You read The Left Hand of Darkness since the last digest.</p>"))
        let cy = try String(contentsOf: files.users[2].html, encoding: .utf8)
        #expect(cy.contains("<p class=\"since\">Welcome: these are your first picks from the club.</p>"))
    }
}
