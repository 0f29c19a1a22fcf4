import Foundation

/// Popularity as a prior in every pick's score, for sparse data made mostly of
/// books had without stars (Book-Crossing's implicit 0s, a library's loans).
///
/// There, what a reader has next is mostly what many readers have (a
/// bestseller, a book handed out to everyone), while a reader's handful of
/// books, each shared with one or two other readers, says little; a factor
/// model such as ALS gets its edge there from the popular books it leans to.
/// So, with weight `w`, a book the reader's neighbours reach scores
/// `(1 − w) · s / s_max + w · prior` (`s` its filter score, `s_max` the
/// reader's best), and any other book `w · prior`, where
/// `prior = ln(1 + n) / ln(1 + n_max)` of its `n` readers: a weak neighbour
/// loses to a very popular book, a strong one does not. The popularity list
/// is then in reader-count order with the prior as score (`Popularity`), and
/// the neighbour lists are unchanged.
enum PopularityPrior {
    /// `w` where it applies (`AutoFilter`); chosen on validation splits of the
    /// Book-Crossing dump holdout (training data only, `docs/interactions.md`).
    static let sparseWeight: Float = 0.6
    /// The share of a matrix's entries without stars from which the prior applies.
    static let unratedShare = 0.5

    /// Whether most of `matrix`'s entries are interactions without stars.
    static func suits(_ matrix: RatingMatrix) -> Bool {
        let kinds = matrix.kinds
        guard !kinds.isEmpty else { return false }
        let unrated = kinds.count { $0 != 0 }
        return Double(unrated) >= unratedShare * Double(kinds.count)
    }

    /// Every book with a reader, most readers first (ties by item key), scored
    /// by its prior.
    /// - Complexity: O(items log items).
    static func popularity(of matrix: RatingMatrix) -> Popularity {
        let byItem = matrix.byItem
        var readers = [Int](repeating: 0, count: matrix.itemCount)
        var most = 0
        for item in 0..<matrix.itemCount {
            readers[item] = byItem.range(of: item).count
            most = max(most, readers[item])
        }
        let keyRank = matrix.keyRank
        let items = (0..<Int32(matrix.itemCount)).filter { readers[Int($0)] > 0 }.sorted { a, b in
            let (na, nb) = (readers[Int(a)], readers[Int(b)])
            return na != nb ? na > nb : keyRank[Int(a)] < keyRank[Int(b)]
        }
        let scale = log1p(Double(most))
        return Popularity(items: items, scores: items.map { Float(log1p(Double(readers[Int($0)])) / scale) })
    }
}
