import Foundation

/// Writes every reader's own files, `users/<stem>.json` and
/// `users/<stem>.html`, and their lines of `recommendations.csv` and
/// `recommendations.jsonl`, on `threads` workers.
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

    /// Writes the files of `readers`; nil when `stop` said to stop between blocks.
    /// - Throws: `ReportError.cannotWrite` (the first failure by block order)
    ///   or `.outsideOutputFolder` for a stem that is not a plain name.
    func write(_ readers: Readers, stop: @escaping @Sendable () -> Bool) throws(ReportError) -> Written? {
        let blocks = (readers.count + Self.blockSize - 1) / Self.blockSize
        let workers = max(1, min(threads, blocks))
        let output = try OrderedOutput(
            paths: [try folder.path("recommendations.csv"), try folder.path("recommendations.jsonl")],
            headers: [RecommendationsCSV.header, ""], window: 4 * workers)
        let users = open(folder.users.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard users >= 0 else { throw .cannotWrite(path: folder.users.path, reason: String(cString: strerror(errno))) }
        defer { close(users) }
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
                        do throws(ReportError) {
                            for position in block.range {
                                let user = readers.picks(position)
                                let stem = readers.stem(position)
                                let (csvStart, jsonlStart) = (csv.count, jsonl.count)
                                try writeFiles(user, stem: stem, page: page, jsonl: jsonl, in: users)
                                RecommendationsCSV.write(user, to: csv)
                                tally.add(picksOf: user)
                                summaryOut[position] = ReaderSummary(
                                    user, stem: stem, csvBytes: csv.count - csvStart,
                                    jsonlBytes: jsonl.count - jsonlStart)
                            }
                        } catch {
                            failures.record(error, block: block.index)
                            output.abandon()
                            return
                        }
                        output.submit(block.index, [csv, jsonl])
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
