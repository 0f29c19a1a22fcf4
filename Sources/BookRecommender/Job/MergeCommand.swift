import Foundation

/// `bookrec merge OUT`: joins the parts that `--shard I/N` runs left in
/// `OUT/parts/` into one run in `OUT/runs/`, makes it `latest`, and removes
/// the parts. Each shard wrote its readers' files as the joined run shows
/// them; the merge links them into place and builds the club digest, the
/// CSV and the JSONL from the parts' compact data (`PartJoin`), rendering no
/// reader again. The result is byte for byte what one machine would have
/// written (`summary.json` differs only in its timing fields, see `PartMerge`).
struct MergeCommand {
    let out: URL
    let keepRuns: Int
    let log: Log

    static let options = CLI.behaviourOptions + [ArgumentParser.Option("keep-runs")]

    /// - Throws: `UsageError` for a missing folder or a bad option.
    init(arguments: [String], log: Log) throws(UsageError) {
        let parsed = try ArgumentParser(options: Self.options).parse(arguments)
        try CLI.checkLogFormat(parsed)
        guard let folder = parsed.positionals.first else { throw .missingArgument("OUT") }
        guard parsed.positionals.count == 1 else {
            throw .tooManyArguments(parsed.positionals.dropFirst().joined(separator: " "))
        }
        var keep = RunSettings().keepRuns
        if let text = parsed.value("keep-runs") {
            guard let number = Int(text), number >= 1 else {
                throw .invalidValue(option: "--keep-runs", value: text, expected: "a whole number ≥ 1")
            }
            keep = number
        }
        out = URL(fileURLWithPath: folder)
        keepRuns = keep
        self.log = log
    }

    /// Merges and returns the one-line result.
    /// - Throws: `MergeError`, `JobLock.Held`, `ReportError`, `RunHistoryError`, `Interrupted`.
    func run() throws -> String {
        var stopwatch = Stopwatch()
        let history = RunHistory(out: out, keepRuns: keepRuns)
        guard RunHistory.exists(history.parts) else { throw MergeError.noParts(folder: out.path) }
        // Checked before the lock too, so that merging too early touches nothing.
        _ = try PartMerge.find(in: history.parts)
        let lock = try JobLock(path: history.lockFile(shard: nil).path)
        defer { lock.release() }
        try history.refuseSymbolicLinks()
        history.removeLeftovers(shard: nil)
        let parts = try PartMerge.find(in: history.parts)
        log.info("merge", "start", ["parts": String(parts.count)])
        let merged = try PartMerge(parts: parts.map(\.folder)).merge()
        try Interruption.shared.check()

        let folder = try history.begin(shard: nil)
        Interruption.shared.register(unfinished: folder)
        defer {
            Interruption.shared.register(unfinished: nil)
            RunHistory.remove(unfinished: folder)
        }
        var index: URL?
        var summary = merged.summary
        if merged.writeReports {
            let reportFolder = try ReportFolder(folder)
            let members = try PartJoin(parts: parts.map(\.folder)).join(into: reportFolder)
            try Interruption.shared.check()
            let mail = merged.mail.map {
                RunMail(settings: $0, members: [:], club: merged.totals.name, date: merged.startedAt)
            }
            index = try ReportWriter.writeDigest(
                members, tally: merged.tally, totals: merged.totals, in: reportFolder, mail: mail)
            if let lastDigest = merged.totals.lastDigest, case .object(var object) = summary,
                let changes = try? JSONEncoder().encode(DigestChanges(lastDigest, members: members))
            {
                object["sinceLastDigest"] = try JSONDecoder().decode(JSONValue.self, from: changes)
                summary = .object(object)
            }
        }
        try PlainFile.write(merged.rejects, to: folder.appendingPathComponent("rejects.csv").path)
        try PlainFile.write(summary.data, to: folder.appendingPathComponent("summary.json").path)
        let final = try Interruption.shared.uninterruptible { () throws -> URL in
            try Interruption.shared.check()
            return try history.commit(folder, shard: nil, switchLatest: true)
        }
        Interruption.shared.register(unfinished: nil)
        let pruned = history.prune()
        for part in parts { RunHistory.remove(unfinished: part.folder) }
        log.info("merge", "done", ["run": final.path, "parts": String(parts.count), "pruned": String(pruned.count)])
        let report = final.appendingPathComponent(index == nil ? "summary.json" : "index.html")
        let totals = merged.totals
        return "bookrec: merged \(parts.count) parts: \(totals.users) users, \(totals.books) books, "
            + "\(totals.ratings) ratings used, \(totals.rejected) rejected; report: \(report.path) "
            + "(\(stopwatch.lap()) s)"
    }
}
