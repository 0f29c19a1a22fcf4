/// A run's ingest step: reads every input, accounting for each record, or,
/// when the run scores with a model file that `bookrec train` fitted on these
/// very inputs (the same `InputStamp`), takes the ingest the model kept.
///
/// The second way is what lets a sharded run with `--model` cost only its
/// readers: each shard would otherwise parse every input again just to find
/// its readers and vouch for the run's accounting and rejects. When it does
/// parse them, it keeps only its own readers' rows.
struct IngestStage {
    let settings: RunSettings
    let log: Log

    /// - Parameters:
    ///   - model: the model the run scores with, when it reads one.
    ///   - rejects: where rejected records go (`rejects.csv`).
    /// - Throws: `IngestError` for a file that cannot be read or parsed, or
    ///   the first bad record with `--on-bad-record fail`.
    func run(_ files: [InputFile], catalog: InputFile?, model: BookModel?, rejects: RejectLog) throws(IngestError)
        -> Ingestor.Result
    {
        log.info("ingest", "start", ["files": String(files.count)])
        let result: Ingestor.Result
        if let model, let kept = keptIngest(of: model, files: files, catalog: catalog) {
            rejects.add(rows: kept.rejectRows, count: kept.accounting.rejectCount)
            result = kept.result(of: model)
            log.info(
                "ingest", "kept by model", ["file": settings.modelFile ?? "", "stamp": kept.accounting.stamp.value])
            for file in result.files { log.file(file) }
        } else {
            var ingestor = Ingestor(settings: settings)
            // A shard scoring with a model file needs only its own readers' rows (`ModelStage`).
            ingestor.shard = model == nil ? nil : settings.shard
            result = try ingestor.ingest(files, catalogFile: catalog, rejects: rejects) { log.file($0) }
        }
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

    /// The ingest `model` kept, when it is what reading `files` and `catalog`
    /// would give under this run's settings: the same stamp, and no rejected
    /// record unless bad records are skipped (`fail` stops at the first).
    private func keptIngest(of model: BookModel, files: [InputFile], catalog: InputFile?) -> TrainingIngest? {
        guard let kept = model.trainingIngest,
            settings.onBadRecord == .skip || kept.accounting.rejectCount == 0,
            let stamp = InputStamp.of(files, catalog: catalog, settings: settings),
            stamp == kept.accounting.stamp
        else { return nil }
        return kept
    }
}
