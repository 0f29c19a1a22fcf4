/// Scores the item-item filter and the popularity baseline on an
/// `EvaluationSplit`: held-out books rated at least `relevantMin` and every
/// book held out without stars are relevant (and, when both were held out,
/// each is also scored on its own).
///
/// The filter is fitted on the training part with `options` (without reasons,
/// which scoring does not need) and recommends top-N for every user through
/// `FittedModel.recommendAll()`, so its own rules apply: books a user rated or
/// shelved in training are never picked, and short or cold-start lists are
/// filled from popularity, as in a real run.
///
/// The baseline gives every user the fitted model's own popularity list
/// (`Popularity`: damped mean rating, ties by rating count then key) with the
/// same exclusions, read straight from the fitted model. That is exactly what
/// fitting with `minRatings` = ∞ would recommend, without computing the
/// neighbour lists a second time.
struct Evaluator: Sendable {
    var options: ModelOptions
    /// A held-out rating at least this large is relevant (0–5 scale).
    var relevantMin: Float

    /// An evaluator of the filter with `options` (its `top` is the N of the metrics).
    init(options: ModelOptions, relevantMin: Float = 3.5) {
        self.options = options
        self.relevantMin = relevantMin
    }

    /// Fits, recommends and scores both models. Never throws: an empty test
    /// part gives metrics over 0 users.
    /// - Complexity: one `CollaborativeFilter.fit` and one `recommendAll()` on the
    ///   training part, plus O(users · (ratings + N)) for the baseline.
    func evaluate(_ split: EvaluationSplit) -> EvaluationReport {
        var options = self.options
        options.reasons = 0
        var stopwatch = Stopwatch()
        let model = CollaborativeFilter(options: options).fit(split.training)
        let lists = model.recommendAll().map { $0.map(\.item) }
        let modelSeconds = stopwatch.lap()
        let baseline = Self.popularityLists(model)
        let baselineSeconds = stopwatch.lap()

        let relevant = split.relevantItems(minimum: relevantMin)
        let trainingItems = (0..<model.matrix.itemCount).count(where: { !model.matrix.byItem.range(of: $0).isEmpty })
        let top = model.options.top
        // With both held out, each is also scored on its own.
        let parts: [(EvaluationSplit.Relevance, String)] =
            split.test.ratingCount > 0 && split.testInteractions > 0
            ? [(.ratings, "held-out ratings"), (.interactions, "held-out interactions")] : []
        let breakdown = parts.map { relevance, name in
            EvaluationReport.Part(
                name: name,
                metrics: RankingMetrics.score(
                    lists: lists, relevant: split.relevantItems(minimum: relevantMin, relevance: relevance), top: top,
                    trainingItems: trainingItems))
        }
        return EvaluationReport(
            origin: split.origin, options: model.options, relevantMin: relevantMin,
            data: EvaluationReport.DataCounts(
                users: split.training.userCount, items: split.training.itemCount, trainingItems: trainingItems,
                trainingRatings: model.ratingsKept, testRatings: split.test.ratingCount,
                testInteractions: split.testInteractions,
                relevantTestRatings: relevant.reduce(0) { $0 + $1.count },
                duplicatesReplaced: split.duplicatesReplaced + model.duplicatesReplaced),
            model: EvaluationReport.Row(
                metrics: RankingMetrics.score(lists: lists, relevant: relevant, top: top, trainingItems: trainingItems),
                seconds: modelSeconds),
            breakdown: breakdown,
            popularity: EvaluationReport.Row(
                metrics: RankingMetrics.score(
                    lists: baseline, relevant: relevant, top: top, trainingItems: trainingItems),
                seconds: baselineSeconds))
    }

    /// Every user's popularity picks: the fitted model's popularity list in
    /// order, skipping books the user rated or shelved in training and books
    /// the options rule out, at most `options.top`.
    static func popularityLists(_ model: FittedModel) -> [[Int32]] {
        let matrix = model.matrix
        let popular = model.popularity.items
        let top = model.options.top
        var ownedBy = [Int](repeating: -1, count: matrix.itemCount)
        var result: [[Int32]] = []
        result.reserveCapacity(matrix.userCount)
        for user in 0..<matrix.userCount {
            for entry in matrix.byUser.range(of: user) { ownedBy[Int(matrix.byUser.entries[entry].column)] = user }
            for entry in matrix.shelves.range(of: user) { ownedBy[Int(matrix.shelves.entries[entry].column)] = user }
            var picks: [Int32] = []
            var rank = 0
            while picks.count < top && rank < popular.count {
                let item = popular[rank]
                if ownedBy[Int(item)] != user && model.options.allows(item) { picks.append(item) }
                rank += 1
            }
            result.append(picks)
        }
        return result
    }
}
