/// A fitted item-item filter: the deduplicated ratings, every book's
/// neighbours and the popularity list.
struct FittedModel: Sendable {
    /// The settings the model was fitted with and recommends with.
    let options: ModelOptions
    let matrix: RatingMatrix
    let neighborLists: ItemNeighbors
    let popularity: Popularity

    /// The model of `matrix`; for a `part`, its neighbour lists hold only
    /// what the part found (`ItemNeighbors.init(matrix:options:kernel:part:)`).
    init(matrix: RatingMatrix, options: ModelOptions, part: TrainingPart? = nil) {
        let options = options.clamped
        self.options = options
        self.matrix = matrix
        neighborLists = ItemNeighbors(matrix: matrix, options: options, part: part)
        popularity = Popularity(matrix: matrix, options: options)
    }

    /// What scoring reads of the model.
    var tables: ScoringTables {
        ScoringTables(neighbors: neighborLists.lists, popularity: popularity, keyRank: matrix.keyRank)
    }

    /// How a split training divides the work; nil unless fitted as a part.
    var partLayout: TrainingPartLayout? { neighborLists.layout }

    /// Ratings kept after duplicates were resolved.
    var ratingsKept: Int { matrix.ratingsKept }
    /// Ratings replaced by a later rating of the same book by the same user.
    var duplicatesReplaced: Int { matrix.duplicatesReplaced }
    /// Neighbour links kept over all books.
    var neighborLinks: Int { neighborLists.lists.entryCount }

    /// How many readers rated `item` (after duplicates were resolved).
    func ratingCount(of item: Int32) -> Int { matrix.byItem.range(of: Int(item)).count }

    /// The books most similar to `item`, best first (ties by item key); empty
    /// for a book with none, or an index outside the data.
    func neighbors(of item: Int32) -> [(item: Int32, similarity: Float)] {
        guard item >= 0, Int(item) < matrix.itemCount else { return [] }
        let lists = neighborLists.lists
        return lists.entries[lists.range(of: Int(item))].map { ($0.column, $0.value) }
    }

    /// `user`'s ratings after duplicates were resolved, by item index; empty
    /// for an index outside the data.
    func ratings(of user: Int32) -> [(item: Int32, rating: Float)] {
        guard user >= 0, Int(user) < matrix.userCount else { return [] }
        return matrix.byUser.entries[matrix.byUser.range(of: Int(user))].map { ($0.column, $0.value) }
    }

    /// Every user's picks, indexed by user index, at most `options.top` each,
    /// best first.
    ///
    /// - A user with at least `options.minRatings` ratings gets the filter's
    ///   picks: books that neighbour at least one of their rated books, ranked
    ///   by `options.scoring` (ties by item key), positive scores only. Each
    ///   carries in `because` up to `options.reasons` of the user's rated
    ///   books with the largest positive contribution, largest first (ties by
    ///   item key).
    /// - A user with fewer ratings (cold start) gets the popularity list
    ///   instead; a user whose filter list is shorter than `options.top` has
    ///   it filled from the popularity list. Those picks have
    ///   `fallback: true`, `because: []` and the book's damped mean
    ///   `(Σr + m·C) / (n + m)` as score.
    /// - Never recommended: books the user rated or shelved, books in
    ///   `options.exclude`, and books outside `options.only` when it is set.
    ///
    /// The result is the same for any `options.threads`.
    /// - Complexity: O(Σ over users of ratings · neighbors) on `options.threads` workers.
    func recommendAll() -> [[Recommendation]] {
        tables.recommend(users: Array(0..<matrix.userCount), of: matrix.readers, options: options)
    }
}
