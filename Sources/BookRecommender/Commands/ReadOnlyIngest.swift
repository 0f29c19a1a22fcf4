/// Ingest for the commands that write no run folder (`evaluate`, `similar`,
/// `train`, `export-coreml`): bad
/// records are skipped and reported on stderr (count and the first few)
/// instead of going to `rejects.csv`.
enum ReadOnlyIngest {
    /// How many rejects are shown one by one.
    static let shown = 5

    /// Reads `files` with the format, columns and catalog of `settings`,
    /// logging each file and the rejects, which go to `rejects` (by default a
    /// log that keeps the few shown).
    /// - Throws: `IngestError` when an input or the catalog cannot be read,
    ///   `RunError.noRatings` when no rating at all was usable.
    static func read(
        _ files: [InputFile], settings: RunSettings, log: Log,
        rejects: RejectLog = RejectLog(streamingTo: nil, keep: shown)
    ) throws -> Ingestor.Result {
        let catalog = try settings.catalogFile()
        let result = try IngestStage(settings: settings, log: log).read(
            files, catalog: catalog, plan: .parse(policy: .skip), rejects: rejects)
        if rejects.count > 0 {
            log.warning(
                "ingest", "records rejected", ["count": String(rejects.count), "shown": String(rejects.first.count)])
            for entry in rejects.first {
                log.warning(
                    "ingest", "rejected", ["file": entry.file, "line": String(entry.line), "reason": "\(entry.reason)"])
            }
        }
        guard result.data.ratingCount + result.data.shelfUser.count > 0 else {
            throw RunError.noRatings(rejected: result.totals.rejected)
        }
        return result
    }
}
