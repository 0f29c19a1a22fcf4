import Foundation

/// A run's model step: fits the filter on the run's ratings, or reads the
/// model file the settings name (`--model`, `"model"`) and moves the run's
/// readers into its book numbering, so that on the same ratings both give the
/// same reports.
struct ModelStage {
    let settings: RunSettings
    let log: Log

    /// The model file the settings name, read; nil when the run fits.
    /// - Throws: `BookModelError` for a model file that cannot be read (66) or
    ///   is not a sound model (65).
    func load() throws(BookModelError) -> BookModel? {
        try settings.modelFile.map { path throws(BookModelError) in
            try BookModel(contentsOf: URL(fileURLWithPath: path))
        }
    }

    /// Fits on `result`, or readies `model` (what `load()` read) for its readers.
    /// - Throws: `IngestError.cannotRead` for a book list (`--exclude`,
    ///   `--only`) that cannot be read.
    func prepare(_ result: Ingestor.Result, model: BookModel?) throws -> PreparedModel {
        let data = result.data
        guard let model, let path = settings.modelFile else {
            let fitted = Recommender(options: try bookLists(settings.model, keys: data.itemKeys)).fit(data)
            let matrix = fitted.matrix
            return PreparedModel(
                origin: .fitted(fitted), tables: fitted.tables.with(result.editions),
                books: BookTable(
                    keys: data.itemKeys, infos: result.items, keyRank: matrix.keyRank, itemAtRank: matrix.itemAtRank),
                options: fitted.options, readers: matrix.readers, rated: matrix.readers)
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
        let renumbered = newIndex.enumerated().contains { $0.offset != Int($0.element) }
        let sameInputs =
            result.keptByModel || Ratings(data: data, items: result.items).fingerprint == model.fingerprint
        let rated: ReaderRows
        if sameInputs, !renumbered {
            // It also holds their readers' rows, grouped as `ReaderRows(data)` groups them:
            // every shard of a sharded run copies them instead of grouping all ratings again.
            let rows = model.readers.rows
            rated = ReaderRows(
                byUser: rows.byUser, kinds: rows.kinds, shelves: rows.shelves,
                duplicatesReplaced: result.totals.used - rows.ratingCount)
        } else {
            rated = ReaderRows(data, weights: options.weights, threads: options.threads)
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
                kept: settings.exportCoreML == nil ? nil : model),
            tables: model.scoringTables, books: model.books, options: options,
            readers: renumbered ? rated.translated(through: newIndex, itemCount: model.bookCount) : rated, rated: rated)
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
