/// What `Similarity.auto` fits, decided on the training matrix:
/// - local EASE where readers have many books each and it stays affordable
///   (`LocalEASE.suits`);
/// - else, where readers have few books each (fewer than
///   `LocalEASE.suitingBooksPerReader` on average), BM25 item-item with long
///   lists and light shrinkage (`sparseNeighbors`, `sparseShrinkage`): with a
///   handful of books per reader, most pairs are seen by one or two readers,
///   and a longer list lets more of a reader's few books reach a pick; where
///   most of those books carry no stars, popularity also enters every pick's
///   score (`PopularityPrior`);
/// - else (many books each, but EASE would cost too much) BM25 item-item at
///   the general defaults.
///
/// A neighbour count, shrinkage or popularity weight the user gave is kept. The sparse settings
/// were chosen on validation splits of the Book-Crossing holdout (training
/// data only); `docs/interactions.md` has the test-part figures.
enum AutoFilter {
    static let sparseNeighbors = 200
    static let sparseShrinkage: Float = 5

    /// `options` with `.auto` resolved for `matrix` and every fit setting
    /// fixed, given or chosen, so a fitted model's options equal the same
    /// options read back from its file.
    static func resolve(_ options: ModelOptions, for matrix: RatingMatrix) -> ModelOptions {
        var options = options
        if options.similarity == .auto {
            options.similarity = LocalEASE.suits(matrix) ? .ease : .bm25
            let books = Double(matrix.byUser.entryCount) / Double(max(1, matrix.userCount))
            if options.similarity == .bm25 && books < LocalEASE.suitingBooksPerReader {
                options.neighbors = options.givenNeighbors ?? sparseNeighbors
                options.shrinkage = options.givenShrinkage ?? sparseShrinkage
                if PopularityPrior.suits(matrix) {
                    options.popularityWeight = options.givenPopularityWeight ?? PopularityPrior.sparseWeight
                }
            }
        }
        options.neighbors = options.neighbors
        options.shrinkage = options.shrinkage
        options.popularityWeight = options.popularityWeight
        return options
    }
}
