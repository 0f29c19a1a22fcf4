/// The item-item collaborative filter: `fit` learns which books are alike
/// from everyone's ratings; the fitted model then picks books for every user.
///
/// ```swift
/// let model = CollaborativeFilter(options: options).fit(data)
/// let picks = model.recommendAll()  // picks[u] for user index u
/// ```
struct CollaborativeFilter: Sendable {
    /// The settings `fit` uses and hands on to the fitted model.
    var options: ModelOptions

    /// A filter with `options`.
    init(options: ModelOptions = ModelOptions()) {
        self.options = options
    }

    /// Builds the rating matrices, each book's neighbour list and the
    /// popularity list from `data`. Never throws: every rating is used (a
    /// rating repeated for the same user and book is replaced by the later
    /// one, counted in `FittedModel.duplicatesReplaced`).
    ///
    /// `data` must be well formed as ingest produces it (parallel arrays of
    /// equal length, indices in range); anything else is a bug and stops the
    /// process.
    /// - Complexity: O(Σ over users of (ratings per user)² / 2) time on
    ///   `options.threads` workers; memory about 16 bytes per rating plus
    ///   8 bytes per kept neighbour, plus, where the dense kernel fits, a
    ///   candidate pool of up to `items · neighbors · 8` bytes per worker.
    ///
    /// A `part` resolves the options from the whole of `data` as a whole fit
    /// does, then finds only its share of the neighbours (`FittedModel`).
    func fit(_ data: RatingData, part: TrainingPart? = nil) -> FittedModel {
        let (matrix, options) = prepared(data)
        return FittedModel(matrix: matrix, options: options, part: part)
    }

    /// What `fit` builds before it searches for neighbours: the matrices of
    /// `data`, and the options resolved from them (`auto` and `ease` as the
    /// catalog allows), clamped to their ranges.
    func prepared(_ data: RatingData) -> (matrix: RatingMatrix, options: ModelOptions) {
        let matrix = RatingMatrix(data, weights: options.weights, threads: max(1, options.threads))
        var options = AutoFilter.resolve(options, for: matrix)
        // EASE's dense Gram matrix does not fit a catalog this wide: item-item serves it.
        if options.similarity == .ease && !LocalEASE.fits(matrix) { options.similarity = .bm25 }
        return (matrix, options.clamped)
    }
}
