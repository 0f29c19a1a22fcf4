import Foundation

/// Writes the per-user reports, `recommendations.csv`,
/// `recommendations.jsonl`, `digest.txt` and `index.html` into an output
/// folder, for users already in memory (a run streams its readers through
/// `ReaderFiles` instead, and writes the digest the same way).
///
/// Users are sorted by id (UTF-8 byte order) and named by `SafeFileName`, so
/// the bytes written depend only on the set of users, never on their order
/// or on `threads`. Files are written with plain writes (see `PlainFile`),
/// `index.html` last, so an index never links a page that is not there yet.
/// Every path is checked to stay inside the output folder after symlinks
/// are resolved; user ids never become paths except through `SafeFileName`.
///
/// The run date (`ReportTotals.runDate`) appears only in `digest.txt` and
/// `index.html`; every other file depends on the users alone.
///
/// `summary.json` and `rejects.csv` are not written here.
struct ReportWriter: Sendable {
    /// The folder the reports go into; created when missing.
    let outputFolder: URL
    /// Workers rendering and writing the users' files.
    var threads: Int

    /// A writer for `outputFolder` on `threads` workers.
    init(outputFolder: URL, threads: Int = 1) {
        self.outputFolder = outputFolder
        self.threads = threads
    }

    /// Writes `users/<stem>.json` and `users/<stem>.html` for every user, then
    /// `recommendations.csv`, `recommendations.jsonl` and `digest.txt`, then
    /// `index.html` with `totals`. `ratings` (every rating of the club) feed
    /// the digest's "Highest rated" chart; each user's page carries
    /// `ReaderNotice` when `totals.notice` is set.
    /// - Throws: `ReportError.duplicateUser` when an id repeats (before
    ///   anything is written); `.cannotCreateFolder`, `.cannotWrite`, or
    ///   `.outsideOutputFolder` when the folder or a path in it resolves elsewhere.
    func write(
        users: [UserPicks], totals: ReportTotals, ratings: [RatedBook] = []
    ) throws(ReportError) -> ReportFiles {
        let sorted = users.sorted { $0.user.utf8.lexicographicallyPrecedes($1.user.utf8) }
        for (first, second) in zip(sorted, sorted.dropFirst()) where first.user.utf8.elementsEqual(second.user.utf8) {
            throw .duplicateUser(user: first.user)
        }
        let folder = try ReportFolder(outputFolder)
        let stems = SafeFileName.stems(for: sorted.map(\.user))
        let readers = ReaderFiles.Readers(count: sorted.count, stem: { stems[$0] }, picks: { sorted[$0] })
        let files = ReaderFiles(folder: folder, threads: threads, notices: totals.notice != nil)
        guard var written = try files.write(readers, stop: { false }) else {
            preconditionFailure("a writer that is never told to stop finished early")
        }
        for book in ratings { written.tally.addRating(item: book.item, title: book.title, rating: book.rating) }
        let index = try Self.writeDigest(written.summaries, tally: written.tally, totals: totals, in: folder)
        return ReportFiles(
            users: zip(sorted, stems).map { user, stem in
                ReportFiles.User(
                    user: user.user, stem: stem, json: folder.users.appendingPathComponent(stem + ".json"),
                    html: folder.users.appendingPathComponent(stem + ".html"))
            },
            recommendationsCSV: folder.root.appendingPathComponent("recommendations.csv"),
            recommendationsJSONL: folder.root.appendingPathComponent("recommendations.jsonl"),
            digest: folder.root.appendingPathComponent("digest.txt"), index: index)
    }

    /// Writes `digest.txt`, then `index.html`, for `members` and `tally`,
    /// then with `mail` the organizer's `mail/digest.eml`; returns the index.
    /// - Throws: `ReportError.cannotWrite`.
    static func writeDigest(
        _ members: [ReaderSummary], tally: ClubTally, totals: ReportTotals, in folder: ReportFolder,
        mail: RunMail? = nil
    ) throws(ReportError) -> URL {
        let stats = ClubStats(tally: tally)
        let text = DigestText.text(members: members, stats: stats, totals: totals)
        try PlainFile.write(text, to: try folder.path("digest.txt"))
        let index = try folder.path("index.html")
        let page = TextBuffer()
        page.append(IndexHTMLReport.page(members: members, stats: stats, totals: totals))
        try PlainFile.write(page, to: index)
        if let mail {
            let message = TextBuffer(capacity: page.count * 4 / 3 + text.utf8.count * 2)
            mail.writeDigest(title: IndexHTMLReport.title(totals), text: text, index: page, to: message)
            try PlainFile.write(message, to: try folder.path("digest.eml", in: try folder.mail()))
        }
        return URL(fileURLWithPath: index)
    }
}
