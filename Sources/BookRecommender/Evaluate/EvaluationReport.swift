import Foundation

/// What `Evaluator` found: the data it used and, for the item-item filter
/// and the popularity baseline, the five ranking metrics and the time taken.
struct EvaluationReport: Sendable {
    /// Sizes of the split that was scored.
    struct DataCounts: Sendable, Equatable {
        var users: Int
        var items: Int
        /// Books with at least one training rating (the coverage denominator).
        var trainingItems: Int
        /// Training ratings and interactions after duplicates were resolved.
        var trainingRatings: Int
        var testRatings: Int
        /// Held-out books without stars (every one relevant).
        var testInteractions: Int = 0
        /// Held-out ratings at or above the relevance minimum (after duplicates).
        var relevantTestRatings: Int
        /// Ratings replaced by a later rating of the same book by the same user.
        var duplicatesReplaced: Int
    }

    /// The filter's scores on one kind of held-out book alone.
    struct Part: Sendable, Equatable {
        var name: String
        var metrics: RankingMetrics
    }

    /// One model's scores.
    struct Row: Sendable, Equatable {
        var metrics: RankingMetrics
        /// Fit and recommend time (the baseline: recommend only, it reuses the fit).
        var seconds: Double
    }

    var origin: EvaluationSplit.Origin
    /// The filter's settings as fitted; `top` is the N of the metrics.
    var options: ModelOptions
    var relevantMin: Float
    var data: DataCounts
    /// The item-item filter.
    var model: Row
    /// The filter on held-out ratings and on held-out interactions alone, when both were held out.
    var breakdown: [Part] = []
    /// Every user gets the popularity list.
    var popularity: Row

    /// A header line and a table of both models, for stdout.
    var table: String {
        var text = "\(data.users) users, \(data.items) books; \(data.trainingRatings) training ratings, "
        text += "\(data.testRatings) test ratings (\(data.relevantTestRatings) relevant: rating ≥ \(relevantMin))"
        text += data.testInteractions > 0 ? ", \(data.testInteractions) test interactions (all relevant)\n" : "\n"
        switch origin {
        case .holdout(let fraction, let seed): text += "split: holdout \(fraction) per user, seed \(seed)\n"
        case .files(let training, let test):
            text += "split: training \(training.joined(separator: " ")), test \(test.joined(separator: " "))\n"
        }
        text += "filter: \(options.similarity.rawValue) similarity, \(options.neighbors) neighbours, "
        text += "threshold \(options.threshold), shrinkage \(options.shrinkage), "
        text += "scoring \(options.scoring.rawValue), min-ratings \(options.minRatings)"
        text += options.popularityWeight > 0 ? ", popularity prior \(options.popularityWeight)\n\n" : "\n\n"
        let top = options.top
        var rows = [
            ["MODEL", "USERS", "PRECISION@\(top)", "RECALL@\(top)", "NDCG@\(top)", "HIT RATE", "COVERAGE", "SECONDS"]
        ]
        let named =
            [("item-item \(options.similarity.rawValue)", model.metrics, Optional(model.seconds))]
            + breakdown.map { ("  \($0.name)", $0.metrics, nil) } + [
                ("popularity", popularity.metrics, popularity.seconds)
            ]
        for (name, metrics, seconds) in named {
            rows.append(
                [name, String(metrics.users)]
                    + [metrics.precision, metrics.recall, metrics.ndcg, metrics.hitRate, metrics.coverage].map {
                        String(format: "%.4f", $0)
                    } + [seconds.map { String(format: "%.3f", $0) } ?? ""])
        }
        return text + Self.align(rows)
    }

    /// Rows as text columns two spaces apart: the first left-aligned, the rest right-aligned.
    static func align(_ rows: [[String]]) -> String {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// The report as JSON (sorted keys): `data`, `split`, `settings`, and
    /// `models.itemItem` / `models.popularity` with the metrics rounded to 6
    /// decimals.
    var json: JSONValue {
        let split: JSONValue =
            switch origin {
            case .holdout(let fraction, let seed):
                .object([
                    "method": .string("holdout"), "fraction": .number(fraction),
                    "seed": seed <= UInt64(Int.max) ? .integer(Int(seed)) : .string(String(seed)),
                ])
            case .files(let training, let test):
                .object([
                    "method": .string("files"), "training": .array(training.map(JSONValue.string)),
                    "test": .array(test.map(JSONValue.string)),
                ])
            }
        return .object([
            "data": .object([
                "users": .integer(data.users), "items": .integer(data.items),
                "trainingItems": .integer(data.trainingItems), "trainingRatings": .integer(data.trainingRatings),
                "testRatings": .integer(data.testRatings), "relevantTestRatings": .integer(data.relevantTestRatings),
                "testInteractions": .integer(data.testInteractions),
                "duplicatesReplaced": .integer(data.duplicatesReplaced),
            ]),
            "split": split,
            "settings": .object([
                "top": .integer(options.top), "relevantMin": .fixed(Double(relevantMin), places: 4),
                "similarity": .string(options.similarity.rawValue), "neighbors": .integer(options.neighbors),
                "threshold": .fixed(Double(options.threshold), places: 6),
                "shrinkage": .fixed(Double(options.shrinkage), places: 6),
                "minRatings": .integer(options.minRatings), "scoring": .string(options.scoring.rawValue),
            ]),
            "models": .object(
                [
                    "itemItem": Self.json(model.metrics, seconds: model.seconds),
                    "popularity": Self.json(popularity.metrics, seconds: popularity.seconds),
                ]
                .merging(breakdown.map { ("itemItem " + $0.name, Self.json($0.metrics, seconds: nil)) }) { first, _ in
                    first
                }),
        ])
    }

    private static func json(_ metrics: RankingMetrics, seconds: Double?) -> JSONValue {
        var members: [String: JSONValue] = [
            "users": .integer(metrics.users), "precision": .fixed(metrics.precision, places: 6),
            "recall": .fixed(metrics.recall, places: 6), "ndcg": .fixed(metrics.ndcg, places: 6),
            "hitRate": .fixed(metrics.hitRate, places: 6), "coverage": .fixed(metrics.coverage, places: 6),
        ]
        if let seconds { members["seconds"] = .fixed(seconds, places: 3) }
        return .object(members)
    }
}
