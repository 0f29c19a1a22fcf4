import Foundation

/// Joins shard parts into the data of one run.
///
/// Every shard read all inputs and fitted the model on all ratings, so the
/// parts' `rejects.csv` and most of `summary.json` must agree; that is
/// checked (all but the thread count, which may differ between machines
/// and does not change results; the joined run shows the first part's).
/// Per-book data comes from each part's `club.json` (see `PartFile`); the
/// readers' own files are joined by `PartJoin`. In the joined
/// `summary.json`, counts over users (`recommendations`, `fallbackUsers`) are
/// summed, `enrichment` is recomputed over the distinct books,
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
        var summary: JSONValue
        var rejects: Data
        var writeReports: Bool
        /// The job's mail settings, for the organizer's `mail/digest.eml`.
        var mail: MailSettings?
        /// The earliest part's start: the joined run's.
        var startedAt: Date
        /// Each part's `startedAt`, by shard (see `MergeMark`).
        var partStarts: [String]
    }

    /// Summary fields that legitimately differ between parts.
    static let perPart: Set<String> = [
        "startedAt", "seconds", "peakMemoryMB", "fallbackUsers", "recommendations", "enrichment",
    ]

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
        var summaries: [[String: JSONValue]] = []
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
        guard case .integer(let userCount) = summary["users"], userCount == tally.readers else {
            throw .inconsistentParts(
                detail: "the parts hold \(tally.readers) users, the inputs \(summary["users"] ?? .null)")
        }
        summary["startedAt"] = summaries.compactMap { $0["startedAt"] }.min { Self.text($0) < Self.text($1) }
        for key in ["recommendations", "fallbackUsers"] {
            summary[key] = .integer(summaries.reduce(0) { total, part in total + (Self.integer(part[key]) ?? 0) })
        }
        summary["peakMemoryMB"] = summaries.compactMap { $0["peakMemoryMB"] }.max { Self.number($0) < Self.number($1) }
        summary["seconds"] = Self.slowest(summaries.compactMap { $0["seconds"] })
        var offline = false
        if case .object(let settings) = summary["settings"], case .bool(let value) = settings["offline"] {
            offline = value
        }
        let enrichment = try EnrichmentMerge(parts: parts, summaries: summaries, tally: tally, offline: offline)
            .merged()
        summary["enrichment"] = enrichment.json
        let records = summary["records"].flatMap { value -> [String: JSONValue]? in
            if case .object(let object) = value { return object } else { return nil }
        }
        var writeReports = true
        var name: String?
        var mail: MailSettings?
        if case .object(let settings) = summary["settings"] {
            if case .bool(let reports) = settings["reports"] { writeReports = reports }
            if case .string(let text) = settings["name"] { name = text }
            if case .object(let object) = settings["mail"] {
                guard case .success(let settings) = MailSettings.parse(object) else {
                    throw .unreadablePart(path: parts[0].path + "/summary.json", reason: "unusable mail settings")
                }
                mail = settings
            }
        }
        let lastDigest = summary["sinceLastDigest"].flatMap {
            try? JSONDecoder().decode(DigestChanges.self, from: $0.data).lastDigest
        }
        // The digest shows the run's day: the earliest part's, as `startedAt` says.
        let day = summary["startedAt"].map { String(Self.text($0).prefix(10)) }
        let withoutStars = records?["interactions"].flatMap {
            try? JSONDecoder().decode(InteractionCounts.self, from: $0.data)
        }
        let totals = ReportTotals(
            users: userCount, books: Self.integer(summary["items"]) ?? 0,
            ratings: Self.integer(records?["used"]) ?? 0, rejected: Self.integer(records?["rejected"]) ?? 0,
            notice: enrichment.notice, runDate: day, name: name,
            membersWithoutRatings: Self.membersWithoutRatings(summary["members"]),
            membersWithoutMail: mail == nil ? [] : Self.membersWithoutMail(summary["membersFile"]),
            lastDigest: lastDigest, withoutStars: withoutStars ?? InteractionCounts())
        let startedAt = summary["startedAt"].flatMap { ISO8601DateFormatter().date(from: Self.text($0)) } ?? Date()
        return Merged(
            tally: tally, totals: totals, summary: .object(summary), rejects: rejects ?? Data(),
            writeReports: writeReports, mail: mail, startedAt: startedAt,
            partStarts: summaries.map { $0["startedAt"].map(Self.text) ?? "" })
    }

    /// The members of a summary's `members` whose files gave no rating, as the single run's digest lists them.
    static func membersWithoutRatings(_ members: JSONValue?) -> [MemberReport] {
        guard let members, let decoded = try? JSONDecoder().decode([MemberReport].self, from: members.data) else {
            return []
        }
        return decoded.filter { $0.problem != nil }
    }

    /// The rows of a summary's `membersFile` that leave a member without mail, as the single run's digest lists them.
    static func membersWithoutMail(_ membersFile: JSONValue?) -> [MembersFileReport.Row] {
        guard let membersFile, let decoded = try? JSONDecoder().decode(MembersFileReport.self, from: membersFile.data)
        else { return [] }
        return decoded.withoutMail
    }

    /// What every part's summary must agree on: all but the per-part fields
    /// and the thread count (machines differ; results do not depend on it).
    static func shared(_ summary: [String: JSONValue]) -> [String: JSONValue] {
        var common = summary.filter { !perPart.contains($0.key) }
        if case .object(var settings) = common["settings"] {
            settings["threads"] = nil
            common["settings"] = .object(settings)
        }
        // Which last digest the parts compared with must agree; their counts are each part's own.
        if case .object(let since) = common["sinceLastDigest"] {
            common["sinceLastDigest"] = .object(since.filter { DigestChanges.runKeys.contains($0.key) })
        }
        return common
    }

    static func summary(in part: URL) throws(MergeError) -> [String: JSONValue] {
        let url = part.appendingPathComponent("summary.json")
        guard let data = try? Data(contentsOf: url),
            case .object(let object) = try? JSONDecoder().decode(JSONValue.self, from: data)
        else { throw .unreadablePart(path: url.path, reason: "missing or not a JSON object") }
        return object
    }

    /// Per key, the largest of the parts' `seconds` objects.
    static func slowest(_ values: [JSONValue]) -> JSONValue {
        var result: [String: JSONValue] = [:]
        for case .object(let object) in values {
            for (key, value) in object where number(value) >= number(result[key] ?? .integer(0)) {
                result[key] = value
            }
        }
        return .object(result)
    }

    static func integer(_ value: JSONValue?) -> Int? {
        if case .integer(let number) = value { return number }
        return nil
    }

    static func number(_ value: JSONValue) -> Double {
        switch value {
        case .integer(let number): Double(number)
        case .number(let number), .fixed(let number, _): number
        default: 0
        }
    }

    static func text(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return ""
    }
}
