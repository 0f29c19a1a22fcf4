/// The inputs stage, and the one place an ingest is built: every command
/// (`recommend`, `train`, `evaluate`, `inspect`, `--dry-run`, `similar`,
/// `export-coreml`, and `Ratings.read`) reads its inputs through `read`,
/// with the format, columns, scale and threads of its settings.
///
/// Taking the ingest a model file kept is what lets a sharded run with
/// `--model` cost only its readers: each shard would otherwise parse every
/// input again just to find its readers and vouch for the run's accounting
/// and rejects. When it does parse them, it keeps only its own readers' rows.
struct IngestStage {
    let settings: RunSettings
    let log: Log

    /// Reads `files` and `catalog` as `plan` says, logging each file.
    /// - Parameter rejects: where rejected records go (`rejects.csv` in a run).
    /// - Throws: `IngestError` for a file that cannot be read or parsed, or
    ///   the first bad record with `--on-bad-record fail`.
    func read(_ files: [InputFile], catalog: InputFile?, plan: InputPlan, rejects: RejectLog) throws(IngestError)
        -> Ingestor.Result
    {
        switch plan {
        case .kept(let kept, let model):
            rejects.add(rows: kept.rejectRows, count: kept.accounting.rejectCount)
            let result = kept.result(of: model)
            log.info(
                "ingest", "kept by model", ["file": settings.modelFile ?? "", "stamp": kept.accounting.stamp.value])
            for file in result.files { log.file(file) }
            return result
        case .parse(let policy, let shard):
            var ingestor = Ingestor(settings: settings, policy: policy)
            ingestor.shard = shard
            return try ingestor.ingest(files, catalogFile: catalog, rejects: rejects) { log.file($0) }
        }
    }

    /// A run's inputs: `read`, then what the run's log says of them (ISBN
    /// repairs, members without ratings, books joined across editions).
    func run(_ files: [InputFile], catalog: InputFile?, plan: InputPlan, rejects: RejectLog) throws(IngestError)
        -> Ingestor.Result
    {
        log.info("ingest", "start", ["files": String(files.count)])
        let result = try read(files, catalog: catalog, plan: plan, rejects: rejects)
        for file in result.files {
            guard let repairs = file.isbnRepairs, repairs.repaired + repairs.unrepairable > 0 else { continue }
            log.info(
                "ingest", "isbn repairs",
                [
                    "path": file.path, "repaired": String(repairs.repaired),
                    "unrepairable": String(repairs.unrepairable), "zeroAndXKept": String(repairs.zeroAndXKept),
                ])
        }
        for member in result.membersWithoutRatings {
            log.warning(
                "ingest", "member without ratings",
                ["member": member.name, "files": member.files.joined(separator: " "), "reason": member.problem ?? ""])
        }
        if result.sameBook != SameBookJoin.Summary() {
            log.info(
                "ingest", "same book",
                ["joined": String(result.sameBook.joined), "editionShelves": String(result.sameBook.editionShelves)])
        }
        return result
    }
}
