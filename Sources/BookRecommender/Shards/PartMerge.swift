import Foundation

/// Joins shard parts into the data of one run.
///
/// Every shard read all inputs and fitted the model on all ratings, so the
/// parts' `rejects.csv` and most of `summary.json` must agree; that is
/// checked (all but the thread count, which may differ between machines
/// and does not change results; the joined run shows the first part's).
/// Per-book data comes from each part's `club.json` (see `PartFile`); the
/// readers' own files are joined by `PartJoin`. In the joined
/// `summary.json`, counts over users (`recommendations`, `fallbackUsers`,
/// `duplicatesReplaced`: see `ModelStage`) are summed, the model's
/// `sameInputs` holds when it holds for every part, `enrichment` is recomputed over the distinct books,
/// `sinceLastDigest` is counted again from the joined readers (the parts
/// must have compared with the same last digest), and only these
/// fields may differ from a single machine's run: `startedAt` (the earliest
/// part's, whose day the digest shows), `seconds` (each stage's slowest part), `peakMemoryMB` (the
/// largest) and the request counters in `enrichment.stats`.
struct PartMerge {
    /// The joined run, ready to be written.
    struct Merged {
        /// Every part's tally added up.
        var tally: ClubTally
        var totals: ReportTotals
        var summary: RunSummary
        var rejects: Data
        var writeReports: Bool
        /// The job's mail settings, for the organizer's `mail/digest.eml`.
        var mail: MailSettings?
        /// The earliest part's start: the joined run's.
        var startedAt: Date
        /// Each part's `startedAt`, by shard (see `MergeMark`).
        var partStarts: [String]
    }

    let parts: [URL]

    /// The complete parts in `folder`, by shard index.
    /// - Throws: `MergeError` when there are none, shards are missing, or shard counts are mixed.
    static func find(in folder: URL) throws(MergeError) -> [(shard: Shard, folder: URL)] {
        let found = RunHistory.names(in: folder).compactMap { name in
            Shard(partName: name).map { (shard: $0, folder: folder.appendingPathComponent(name, isDirectory: true)) }
        }
        guard let count = found.first?.shard.count else { throw .noParts(folder: folder.path) }
        let counts = Set(found.map(\.shard.count)).sorted()
        guard counts.count == 1 else { throw .mixedShardCounts(counts) }
        let present = Set(found.map(\.shard.index))
        let missing = (0..<count).filter { !present.contains($0) }
        guard missing.isEmpty else { throw .missingParts(count: count, missing: missing) }
        return found.sorted { $0.shard.index < $1.shard.index }
    }

    /// - Throws: `MergeError` when a part cannot be read or the parts disagree.
    func merge() throws(MergeError) -> Merged {
        var summaries: [RunSummary] = []
        var tally = ClubTally()
        var rejects: Data?
        for part in parts {
            summaries.append(try Self.summary(in: part))
            tally.add(try PartFile.tally(in: part))
            let url = part.appendingPathComponent("rejects.csv")
            guard let data = try? Data(contentsOf: url) else {
                throw .unreadablePart(path: url.path, reason: "missing")
            }
            if let rejects, rejects != data {
                throw .inconsistentParts(detail: "\(url.path) differs from the first part's")
            }
            rejects = data
        }
        var summary = summaries[0]
        let common = Self.shared(summary)
        for (part, other) in zip(parts, summaries) where Self.shared(other) != common {
            throw .inconsistentParts(detail: "\(part.path)/summary.json was made from other inputs or settings")
        }
        guard summary.users == tally.readers else {
            throw .inconsistentParts(detail: "the parts hold \(tally.readers) users, the inputs \(summary.users)")
        }
        summary.startedAt = summaries.map(\.startedAt).min() ?? summary.startedAt
        summary.recommendations = summaries.reduce(0) { $0 + $1.recommendations }
        summary.fallbackUsers = summaries.reduce(0) { $0 + $1.fallbackUsers }
        summary.duplicatesReplaced = summaries.reduce(0) { $0 + $1.duplicatesReplaced }
        summary.model?.sameInputs = summaries.allSatisfy { $0.model?.sameInputs != false }
        summary.peakMemoryMB = summaries.map(\.peakMemoryMB).max() ?? 0
        summary.seconds = Self.slowest(summaries.map(\.seconds))
        let enrichment = try EnrichmentMerge(parts: parts, summaries: summaries, tally: tally).merged()
        summary.enrichment = enrichment.summary
        let mail = summary.settings.mail
        let totals = ReportTotals(
            users: summary.users, books: summary.items, ratings: summary.records.used,
            rejected: summary.records.rejected, notice: enrichment.notice,
            // The digest shows the run's day: the earliest part's, as `startedAt` says.
            runDate: String(summary.startedAt.prefix(10)), name: summary.settings.name,
            membersWithoutRatings: summary.members.filter { $0.problem != nil },
            membersWithoutMail: mail == nil ? [] : summary.membersFile?.withoutMail ?? [],
            lastDigest: summary.sinceLastDigest?.lastDigest, withoutStars: summary.records.interactions)
        return Merged(
            tally: tally, totals: totals, summary: summary, rejects: rejects ?? Data(),
            writeReports: summary.settings.reports, mail: mail,
            startedAt: ISO8601DateFormatter().date(from: summary.startedAt) ?? Date(),
            partStarts: summaries.map(\.startedAt))
    }

    /// What every part's summary must agree on, as bytes: all but the
    /// per-part fields and the thread count (machines differ; results do not
    /// depend on it). Which last digest the parts compared with must agree;
    /// their counts of changed readers are each part's own, and so are their
    /// repeated ratings and whether their readers are the model's.
    static func shared(_ summary: RunSummary) -> Data? {
        var common = summary
        common.startedAt = ""
        common.seconds = RunSummary.Seconds()
        common.peakMemoryMB = 0
        common.fallbackUsers = 0
        common.recommendations = 0
        common.duplicatesReplaced = 0
        common.model?.sameInputs = false
        common.enrichment = nil
        common.settings.threads = 0
        common.sinceLastDigest = summary.sinceLastDigest.map { DigestChanges($0.lastDigest, members: []) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try? encoder.encode(common)
    }

    static func summary(in part: URL) throws(MergeError) -> RunSummary {
        let url = part.appendingPathComponent("summary.json")
        guard let data = try? Data(contentsOf: url) else { throw .unreadablePart(path: url.path, reason: "missing") }
        do {
            return try JSONDecoder().decode(RunSummary.self, from: data)
        } catch {
            throw .unreadablePart(path: url.path, reason: "not a run summary (\(Self.why(error)))")
        }
    }

    /// A decoding error in a few words: the field and what is wrong with it.
    static func why(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String { keys.map(\.stringValue).joined(separator: ".") }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: return "no \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "\(path(context.codingPath)) has the wrong type"
        case .dataCorrupted(let context)?:
            return context.codingPath.isEmpty ? "not JSON" : "\(path(context.codingPath)): \(context.debugDescription)"
        default: return "\(error)"
        }
    }

    /// Each stage's slowest part.
    static func slowest(_ parts: [RunSummary.Seconds]) -> RunSummary.Seconds {
        func most(_ stage: KeyPath<RunSummary.Seconds, Double>) -> Double {
            parts.map { $0[keyPath: stage] }.max() ?? 0
        }
        return RunSummary.Seconds(
            ingest: most(\.ingest), model: most(\.model), recommend: most(\.recommend), enrich: most(\.enrich),
            report: most(\.report), total: most(\.total))
    }
}
