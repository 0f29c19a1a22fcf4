import Foundation

/// Top-N ranking quality of one model's lists against held-out ratings.
///
/// For user `u`, `L_u` is their list cut to its first `N` books and `R_u` the
/// set of their relevant held-out books (rated at least the relevance
/// minimum). Only users with `R_u` non-empty count (`users`); every average is
/// over them. A relevant book the model could never recommend (unrated in
/// training, or rated by `u` in training too) still counts in `R_u`.
struct RankingMetrics: Sendable, Equatable {
    /// Mean of `|L_u ∩ R_u| / N`: a list shorter than `N` counts its gaps as misses.
    var precision: Double
    /// Mean of `|L_u ∩ R_u| / |R_u|`.
    var recall: Double
    /// Mean of `DCG_u / IDCG_u` with binary relevance and a log2 discount:
    /// `DCG_u = Σ_{k=1…|L_u|} rel(L_u[k]) / log2(k + 1)` and
    /// `IDCG_u = Σ_{k=1…min(N, |R_u|)} 1 / log2(k + 1)`, the DCG of a perfect list.
    var ndcg: Double
    /// Share of users with `|L_u ∩ R_u| ≥ 1`.
    var hitRate: Double
    /// Catalog coverage: distinct books in the lists of all users (evaluated
    /// or not) divided by the books with at least one training rating.
    var coverage: Double
    /// Users evaluated: those with at least one relevant held-out book.
    var users: Int

    /// Metrics with the given values.
    init(precision: Double, recall: Double, ndcg: Double, hitRate: Double, coverage: Double, users: Int) {
        self.precision = precision
        self.recall = recall
        self.ndcg = ndcg
        self.hitRate = hitRate
        self.coverage = coverage
        self.users = users
    }

    /// Scores `lists` (by user index, best first; only the first `top` count)
    /// against `relevant` (by user index, any order, no repeats). Users beyond
    /// either array have an empty list or no relevant books. With no user to
    /// evaluate, the averages are 0. Never throws.
    /// - Parameter trainingItems: books with at least one training rating,
    ///   the denominator of `coverage` (0 gives coverage 0).
    static func score(lists: [[Int32]], relevant: [[Int32]], top: Int, trainingItems: Int) -> RankingMetrics {
        let cut = max(0, top)
        var sums = (precision: 0.0, recall: 0.0, ndcg: 0.0, hits: 0)
        var users = 0
        for (user, wanted) in relevant.enumerated() where !wanted.isEmpty {
            users += 1
            let list = user < lists.count ? lists[user].prefix(cut) : []
            let wantedSet = Set(wanted)
            var found = 0
            var dcg = 0.0
            for (position, item) in list.enumerated() where wantedSet.contains(item) {
                found += 1
                dcg += discount(rank: position + 1)
            }
            let ideal = (0..<min(cut, wantedSet.count)).reduce(0.0) { $0 + discount(rank: $1 + 1) }
            sums.precision += cut > 0 ? Double(found) / Double(cut) : 0
            sums.recall += Double(found) / Double(wantedSet.count)
            sums.ndcg += ideal > 0 ? dcg / ideal : 0
            if found > 0 { sums.hits += 1 }
        }
        var recommended = Set<Int32>()
        for list in lists { recommended.formUnion(list.prefix(cut)) }
        let mean = { (sum: Double) in users > 0 ? sum / Double(users) : 0 }
        return RankingMetrics(
            precision: mean(sums.precision), recall: mean(sums.recall), ndcg: mean(sums.ndcg),
            hitRate: mean(Double(sums.hits)),
            coverage: trainingItems > 0 ? Double(recommended.count) / Double(trainingItems) : 0, users: users)
    }

    /// `1 / log2(rank + 1)` for a 1-based rank.
    static func discount(rank: Int) -> Double {
        1 / log2(Double(rank + 1))
    }
}
