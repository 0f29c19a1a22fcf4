import Foundation

/// A run's model step: fits the filter on the run's ratings, or reads the
/// model file the settings name (`--model`, `"model"`) and moves the run's
/// readers into its book numbering, so that on the same ratings both give the
/// same reports.
///
/// A shard's run reads the model through a mapping and keeps only its own
/// readers' rows, as its ingest keeps only theirs (`Ingestor.shard`): it
/// holds the neighbour lists and its share of the readers, never the whole
/// model. What it cannot count over all readers the merge adds up (see
/// `PartMerge`): a part's `duplicatesReplaced` is its own readers' repeats
/// when it grouped their ratings itself, and otherwise (a fitted model, the
/// ingest a model kept: only the run's whole count is known) all of them in
/// the first part and none in the others; its `sameInputs` speaks for its readers.
struct ModelStage {
    let settings: RunSettings
    let log: Log

    /// The model file the settings name, read; nil when the run fits. A
    /// shard maps it and keeps its own readers' rows, unless it is the shard
    /// that exports the model for Core ML, which needs all of it.
    /// - Throws: `BookModelError` for a model file that cannot be read (66) or
    ///   is not a sound model (65).
    func load() throws(BookModelError) -> BookModel? {
        try settings.modelFile.map { path throws(BookModelError) in
            let url = URL(fileURLWithPath: path)
            guard let shard = settings.shard, settings.exportCoreML == nil || shard.index != 0 else {
                return try BookModel(contentsOf: url)
            }
            return try BookModel(mapping: url, shard: shard)
        }
    }

    /// Fits on `result`, or readies `model` (what `load()` read) for its readers.
    /// - Throws: `IngestError.cannotRead` for a book list (`--exclude`,
    ///   `--only`) that cannot be read.
    func prepare(_ result: Ingestor.Result, model: BookModel?) throws -> PreparedModel {
        let data = result.data
        guard let model, let path = settings.modelFile else {
            let fitted = CollaborativeFilter(options: try bookLists(settings.model, keys: data.itemKeys)).fit(data)
            let matrix = fitted.matrix
            return PreparedModel(
                origin: .fitted(fitted), tables: fitted.tables.with(result.editions),
                books: BookTable(
                    keys: data.itemKeys, infos: result.items, keyRank: matrix.keyRank, itemAtRank: matrix.itemAtRank),
                options: fitted.options, readers: matrix.readers,
                rated: share(matrix.readers, replaced: matrix.readers.duplicatesReplaced))
        }
        var options = settings.model
        let fit = model.options
        options.similarity = fit.similarity
        options.neighbors = fit.neighbors
        options.threshold = fit.threshold
        options.shrinkage = fit.shrinkage
        options.weights = fit.weights
        options.popularityDamping = fit.popularityDamping
        options.popularityWeight = fit.popularityWeight
        options = try bookLists(options, keys: model.books.keys).clamped
        let newIndex = data.itemKeys.map { model.books.item(forKey: $0) ?? -1 }
        // A model trained on these very inputs numbers their books alike: the rows are already in its numbering.
        let renumbered =
            data.itemCount != model.bookCount || newIndex.enumerated().contains { $0.offset != Int($0.element) }
        let rated: ReaderRows
        let sameInputs: Bool
        if result.keptByModel
            || (settings.shard == nil && Ratings(data: data, items: result.items).fingerprint == model.fingerprint)
        {
            // The very ratings the model was trained on (the ingest it kept holds none): the model holds their
            // readers' rows (this shard's, for a shard), grouped as `ReaderRows(data)` would group them.
            rated = share(model.readers.rows, replaced: result.totals.used - model.readers.starRatingCount)
            sameInputs = true
        } else {
            // Grouped, then compared reader by reader with the model's rows: a shard's ingest holds its
            // readers' rows alone, whose fingerprint is never the model's.
            rated = ReaderRows(data, weights: options.weights, threads: options.threads)
            sameInputs =
                !renumbered && data.userIDs == model.userIDs && result.items == model.books.infos
                && model.readers.holdSame(
                    rated, users: settings.shard?.readers(among: data.userIDs) ?? Array(0..<data.userCount))
        }
        log.info(
            "model", "loaded",
            [
                "file": path, "fingerprint": model.fingerprint, "books": String(model.bookCount),
                "sameInputs": String(sameInputs), "unknownBooks": String(newIndex.count { $0 < 0 }),
            ])
        return PreparedModel(
            origin: .loaded(
                ModelSource(path: path, model: model, sameInputs: sameInputs),
                kept: settings.exportCoreML == nil || model.readers.shard != nil ? nil : model),
            tables: model.scoringTables, books: model.books, options: options,
            readers: renumbered ? rated.translated(through: newIndex, itemCount: model.bookCount) : rated, rated: rated)
    }

    /// `rows` counting `replaced` repeated ratings, the run's whole count, as
    /// this run's share of it: in a shard, the merge adds up the parts', and
    /// a count over every reader is only the first part's to give.
    private func share(_ rows: ReaderRows, replaced: Int) -> ReaderRows {
        ReaderRows(
            byUser: rows.byUser, kinds: rows.kinds, shelves: rows.shelves,
            duplicatesReplaced: (settings.shard?.index ?? 0) == 0 ? replaced : 0)
    }

    /// `options` with `--exclude` and `--only` read against the model's book `keys`.
    private func bookLists(_ options: ModelOptions, keys: [String]) throws -> ModelOptions {
        var options = options
        guard settings.exclude != nil || settings.only != nil else { return options }
        let itemIndex = Dictionary(keys.enumerated().map { ($1, Int32($0)) }) { first, _ in first }
        if let path = settings.exclude {
            let (items, unknown) = try BookListFile.items(in: path, itemIndex: itemIndex)
            options.exclude = items
            log.info("model", "exclude", ["file": path, "books": String(items.count), "unknown": String(unknown)])
        }
        if let path = settings.only {
            let (items, unknown) = try BookListFile.items(in: path, itemIndex: itemIndex)
            options.only = items
            log.info("model", "only", ["file": path, "books": String(items.count), "unknown": String(unknown)])
        }
        return options
    }
}
