import BookRecommender
import Foundation

/// `--dry-run`: the settings are valid (checked before this runs); reads the
/// inputs as the run would, and prints what the run would do. Writes nothing,
/// not even the output folder, and sends nothing.
struct DryRun {
    var settings: RunSettings

    /// The plan, ending in a newline.
    /// - Throws: `IngestError` as the run would (a bad record with `fail`),
    ///   `BookModelError` for a model file that is damaged.
    func plan() throws -> String {
        let files = try settings.inputFiles()
        let rejects = RejectLog(streamingTo: nil, keep: 5)
        let ingestor = Ingestor(
            format: settings.format, columns: settings.columns, ratingScale: settings.ratingScale,
            policy: settings.onBadRecord)
        let result = try ingestor.ingest(
            files, catalogFile: try settings.catalogFile(), rejects: rejects)
        var rows = [["FILE", "FORMAT", "SCALE", "READ", "USED", "SHELVED", "BLANK", "REJECTED"]]
        for file in result.files {
            rows.append(
                [file.path, file.format?.rawValue ?? "unknown", file.scale?.text ?? ""]
                    + Inspection.numbers(file.records))
        }
        rows.append(["total", "", ""] + Inspection.numbers(result.totals))

        let out = URL(fileURLWithPath: settings.out)
        let history = RunHistory(out: out, keepRuns: settings.keepRuns)
        var text = "dry run of \(settings.name.map { "job '\($0)'" } ?? "recommend"): nothing is written or sent\n\n"
        text += Inspection.table(rows, textColumns: 3)
        text += "\n\(result.data.userCount) users, \(result.data.itemCount) books, "
        text += "\(result.totals.used) ratings, \(result.totals.rejected) records to rejects.csv\n"
        text += Inspection.members(result) + "\n"
        text += "output   \(out.path)\(RunHistory.exists(out) ? "" : " (would be created)")\n"
        let lock = history.lockFile(shard: settings.shard)
        if let pid = JobLock.probe(lock.path) {
            text += "lock     \(lock.path): held by process \(pid); the run would exit 75\n"
        } else {
            text += "lock     \(lock.path): free\n"
        }
        if let shard = settings.shard {
            let users = result.data.userIDs.filter { shard.contains(user: $0) }.count
            text += "shard    \(shard.index) of \(shard.count): \(users) users → \(history.part(shard).path)/\n"
        } else {
            text += "run      \(history.runs.path)/<UTC time>/, then latest → it; \(settings.keepRuns) runs kept\n"
        }
        if let path = settings.modelFile {
            let model = try ModelInspection(path: path).model
            text += "model    \(path): \(model.options.similarity.rawValue), \(model.options.neighbors) neighbours, "
            text += "\(model.bookCount) books, trained \(ISO8601DateFormatter().string(from: model.trainedAt)); "
        } else {
            text += "model    \(settings.model.similarity.rawValue), \(settings.model.neighbors) neighbours, "
        }
        text += "top \(settings.model.top), \(settings.model.threads) threads\n"
        text += "enrich   \(enrichPlan(out: out))\n"
        return text
    }

    private func enrichPlan(out: URL) -> String {
        guard settings.enrich.enabled else { return "off" }
        guard let options = settings.enrich.options(out: out) else { return "invalid base URL" }
        let cache = options.cacheFolder?.path ?? "none"
        if options.offline { return "offline: cache only (\(cache))" }
        let key = options.apiKey == nil ? "no key in \(options.apiKeyVariable): cache only" : "key set"
        return "\(options.baseURL.absoluteString) at \(options.rate)/s, \(key), cache \(cache)"
    }
}
