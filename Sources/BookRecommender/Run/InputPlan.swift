/// How a command gets its inputs, decided once, before the inputs stage or
/// the model stage runs: parse the files, or take the ingest a model file kept.
enum InputPlan {
    /// Parse every file. With `.skip`, bad records are rejected and the read
    /// goes on; `shard` keeps only that shard's readers' rows (a shard scoring
    /// with a model file needs no others; see `Ingestor.shard`).
    case parse(policy: BadRecordPolicy, shard: Shard? = nil)
    /// Take the ingest `bookrec train` kept in the model file it fitted on
    /// these very inputs: what parsing them would give, without the parse.
    case kept(TrainingIngest, of: BookModel)

    /// The plan of a run (`recommend`, a job) scoring with `model` when it
    /// reads one: its kept ingest when that is what reading `files` and
    /// `catalog` would give under `settings` (the same `InputStamp`, and no
    /// rejected record unless bad records are skipped, as `fail` stops at the
    /// first); else a parse, of one shard's readers when a shard scores with
    /// the model.
    static func forRun(
        _ settings: RunSettings, model: BookModel?, files: [InputFile], catalog: InputFile?
    ) -> InputPlan {
        guard let model else { return .parse(policy: settings.onBadRecord) }
        guard let kept = model.trainingIngest,
            settings.onBadRecord == .skip || kept.accounting.rejectCount == 0,
            let stamp = InputStamp.of(files, catalog: catalog, settings: settings),
            stamp == kept.accounting.stamp
        else { return .parse(policy: settings.onBadRecord, shard: settings.shard) }
        return .kept(kept, of: model)
    }
}
