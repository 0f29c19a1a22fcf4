import Foundation

/// Writes every reader's own files, `users/<stem>.json` and
/// `users/<stem>.html` (and `mail/<stem>.eml` for a reader with an
/// address), and their lines of `recommendations.csv`,
/// `recommendations.jsonl` and `lists.tsv`, on `threads` workers.
///
/// Readers go in blocks: a worker builds a block's `UserPicks` one reader
/// at a time (`Readers.picks`), writes that reader's two files at once and
/// drops the picks, keeping only the block's CSV and JSONL text, which goes
/// into the shared files in block order (`OrderedOutput`), and a
/// `ReaderSummary` and a `ClubTally` for the digest. Memory therefore stays
/// in proportion to a few blocks, not to the readers, and every byte written
/// is the same for any number of workers.
struct ReaderFiles: Sendable {
    /// The readers, in output order (UTF-8 order of ids): their number, and
    /// reader `i`'s file stem and picks.
    struct Readers: Sendable {
        var count: Int
        var stem: @Sendable (Int) -> String
        var picks: @Sendable (Int) -> UserPicks
    }

    /// What was written, per reader and for the club.
    struct Written: Sendable {
        /// In output order.
        var summaries: [ReaderSummary]
        /// The readers' picks (ratings are tallied by the caller, who has them cheaper).
        var tally: ClubTally
    }

    /// Readers per block: large enough that blocks cost little to hand out,
    /// small enough that a block's text is a few hundred kilobytes.
    static let blockSize = 128

    let folder: ReportFolder
    let threads: Int
    /// Whether pages carry `ReaderNotice` (the run had an enrichment notice).
    let notices: Bool
    /// The settings `lists.tsv` names; nil writes no `lists.tsv` (a library's own use).
    var lists: ListSettings?
    /// The run's mails; nil writes none.
    var mail: RunMail?

    init(folder: ReportFolder, threads: Int, notices: Bool, lists: ListSettings? = nil, mail: RunMail? = nil) {
        self.folder = folder
        self.threads = threads
        self.notices = notices
        self.lists = lists
        self.mail = mail
    }

    /// Writes the files of `readers`; nil when `stop` said to stop between blocks.
    /// - Throws: `ReportError.cannotWrite` (the first failure by block order)
    ///   or `.outsideOutputFolder` for a stem that is not a plain name.
    func write(_ readers: Readers, stop: @escaping @Sendable () -> Bool) throws(ReportError) -> Written? {
        let blocks = (readers.count + Self.blockSize - 1) / Self.blockSize
        let workers = max(1, min(threads, blocks))
        var paths = [try folder.path("recommendations.csv"), try folder.path("recommendations.jsonl")]
        var headers = [RecommendationsCSV.header, ""]
        if let lists {
            paths.append(try folder.path(ReaderLists.fileName))
            headers.append(ReaderLists.header(lists))
        }
        let output = try OrderedOutput(paths: paths, headers: headers, window: 4 * workers)
        let users = try Self.open(folder.users)
        defer { close(users) }
        let mailFolder = try mail.map { _ throws(ReportError) in try folder.mail() }
        let mails = try mailFolder.map { folder throws(ReportError) in try Self.open(folder) }
        defer { if let mails { close(mails) } }
        let failures = FirstFailure()
        var summaries = [ReaderSummary?](repeating: nil, count: readers.count)
        var tallies = [ClubTally](repeating: ClubTally(), count: workers)
        summaries.withUnsafeMutableBufferPointer { summaryBuffer in
            tallies.withUnsafeMutableBufferPointer { tallyBuffer in
                let summaryOut = SendableBuffer(summaryBuffer)
                let tallyOut = SendableBuffer(tallyBuffer)
                Parallel.forEachWorker(count: readers.count, blockSize: Self.blockSize, threads: workers) {
                    worker, work in
                    var tally = ClubTally()
                    let page = TextBuffer(capacity: 1 << 16)
                    defer { tallyOut[worker] = tally }
                    for block in work {
                        guard !failures.happened, !stop() else {
                            output.abandon()
                            return
                        }
                        output.waitForTurn(block.index)
                        let csv = TextBuffer(capacity: 1 << 16), jsonl = TextBuffer(capacity: 1 << 19)
                        let list = TextBuffer(capacity: lists == nil ? 16 : 1 << 15)
                        do throws(ReportError) {
                            for position in block.range {
                                let user = readers.picks(position)
                                let stem = readers.stem(position)
                                let starts = (csv.count, jsonl.count, list.count)
                                try writeFiles(user, stem: stem, page: page, jsonl: jsonl, in: users)
                                RecommendationsCSV.write(user, to: csv)
                                if lists != nil { ReaderLists.write(user, to: list) }
                                tally.add(picksOf: user)
                                var summary = ReaderSummary(
                                    user, stem: stem,
                                    bytes: (csv.count - starts.0, jsonl.count - starts.1, list.count - starts.2))
                                if let mail, let mails, let mailFolder {
                                    summary.mailed = try writeMail(
                                        user.user, text: DigestText.memberPart(summary), page: page, mail: mail,
                                        path: try folder.path(stem + ".eml", in: mailFolder), in: mails)
                                }
                                summaryOut[position] = summary
                            }
                        } catch {
                            failures.record(error, block: block.index)
                            output.abandon()
                            return
                        }
                        output.submit(block.index, lists == nil ? [csv, jsonl] : [csv, jsonl, list])
                    }
                }
            }
        }
        if let failure = failures.first { throw failure }
        guard !stop() else { return nil }
        try output.finish(blocks: blocks)
        var tally = ClubTally()
        for part in tallies { tally.add(part) }
        return Written(summaries: summaries.map { $0! }, tally: tally)
    }

    /// `reader`'s mail at `path` in `mail/` (open as `folder`), when they
    /// have an address; `page` holds their page.
    /// - Returns: whether a mail was written.
    private func writeMail(
        _ reader: String, text: String, page: TextBuffer, mail: RunMail, path: String, in folder: Int32
    ) throws(ReportError) -> Bool {
        let message = TextBuffer(capacity: page.count * 4 / 3 + 4096)
        guard mail.writeMessage(for: reader, text: text, page: page, to: message) else { return false }
        try PlainFile.write(message, named: (path as NSString).lastPathComponent, in: folder, path: path)
        return true
    }

    /// `folder`, opened to create files in it by name.
    private static func open(_ folder: URL) throws(ReportError) -> Int32 {
        let descriptor = Foundation.open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotWrite(path: folder.path, reason: String(cString: strerror(errno))) }
        return descriptor
    }

    /// One reader's `users/<stem>.json` and `users/<stem>.html`, rendered in
    /// `page` and created in `users` (the open `users/` folder); the JSON's
    /// compact form, their line of `recommendations.jsonl`, goes to `jsonl`.
    private func writeFiles(
        _ user: UserPicks, stem: String, page: TextBuffer, jsonl: TextBuffer, in users: Int32
    ) throws(ReportError) {
        page.removeAll()
        UserJSONReport.write(user, to: page)
        let json = stem + ".json"
        try PlainFile.write(page, named: json, in: users, path: try folder.userPath(json))
        jsonl.append(compactJSONOf: page)
        jsonl.append("\n")
        page.removeAll()
        UserHTMLReport.write(user, notice: notices ? ReaderNotice.text(for: user.picks) : nil, to: page)
        let html = stem + ".html"
        try PlainFile.write(page, named: html, in: users, path: try folder.userPath(html))
    }
}

/// The failure of the earliest block among those that failed, so the error
/// reported does not depend on which worker got there first.
private final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var failure: (block: Int, error: ReportError)?

    var happened: Bool { lock.withLock { failure != nil } }
    var first: ReportError? { lock.withLock { failure?.error } }

    func record(_ error: ReportError, block: Int) {
        lock.withLock {
            if failure == nil || block < failure!.block { failure = (block, error) }
        }
    }
}
