/// What the neighbour search computes from the whole input before it finds
/// a single pair: how each rating becomes its value in the similarity's
/// vectors, and each book's `ListFloor` bound. A prepared input
/// (`PreparedInput`) computes it once and stores it, so that each training
/// part starts its search from it instead of weighing and bounding every
/// book again: on a wide catalog that was about a third of what each part
/// paid before its pairs.
///
/// The weighting is the one `ItemVectors` computes from the strengths, and
/// the bounds those `ItemNeighbors` computes, so a part searching from them
/// finds the pairs a single train finds, bit for bit.
struct PreparedSearch: Sendable {
    /// How each strength becomes its value in the vectors: `.identity` for
    /// cosine and Jaccard, and for EASE, which fits from the strengths.
    let weighting: ItemVectors.Weighting
    /// Per book, its `ListFloor` bound over the weighted values; nil where
    /// the search has none (no bound applies, or the dense kernel serves).
    let floorBounds: [Float]?

    init(weighting: ItemVectors.Weighting, floorBounds: [Float]?) {
        self.weighting = weighting
        self.floorBounds = floorBounds
    }

    /// The search of `matrix` with `options` (resolved, as a fit resolves
    /// them), computed on `options.threads` workers without a weighted copy
    /// of the ratings.
    /// - Complexity: O(ratings · log neighbors).
    init(matrix: RatingMatrix, options: ModelOptions) {
        guard options.similarity != .ease else {
            self.init(weighting: .identity, floorBounds: nil)
            return
        }
        let weighting = ItemVectors.Weighting(matrix: matrix, similarity: options.similarity)
        self.init(
            weighting: weighting,
            floorBounds: ItemNeighbors.denseApplies(matrix: matrix)
                ? nil : ItemNeighbors.floorBounds(matrix: matrix, weighting: weighting, options: options))
    }
}
