/// What the neighbour search computes from the whole input before it finds
/// a single pair: each rating's value in the similarity's vectors, and each
/// book's `ListFloor` bound. A prepared input (`PreparedInput`) computes it
/// once, so that each training part starts its search from it instead of
/// weighing every reader's row and bounding every book again: on a wide
/// catalog that was about a third of what each part paid before its pairs.
///
/// The values are those `ItemVectors` computes from the strengths, and the
/// bounds those `ItemNeighbors` computes from the values, so a part searching
/// from them finds the pairs a single train finds, bit for bit.
struct PreparedSearch: Sendable {
    /// How each strength becomes its value in the vectors: `.identity` for
    /// cosine and Jaccard, and for EASE, which fits from the strengths.
    let weighting: ItemVectors.Weighting
    /// The readers' rows by user, each value replaced by its value in the
    /// similarity's vectors (`ItemVectors.userEntries`); nil when those are
    /// the strengths themselves (cosine, Jaccard), and for EASE, which fits
    /// from the strengths.
    let weightedRows: SparseRows?
    /// Per book, its `ListFloor` bound over those values; nil where the
    /// search has none (no bound applies, or the dense kernel serves).
    let floorBounds: [Float]?

    init(weighting: ItemVectors.Weighting, weightedRows: SparseRows?, floorBounds: [Float]?) {
        self.weighting = weighting
        self.weightedRows = weightedRows
        self.floorBounds = floorBounds
    }

    /// The search of `matrix` with `options` (resolved, as a fit resolves
    /// them), computed on `options.threads` workers.
    /// - Complexity: O(ratings · log neighbors).
    init(matrix: RatingMatrix, options: ModelOptions) {
        guard options.similarity != .ease else {
            self.init(weighting: .identity, weightedRows: nil, floorBounds: nil)
            return
        }
        let vectors = ItemVectors(matrix: matrix, similarity: options.similarity, threads: options.threads)
        self.init(
            weighting: vectors.weighting,
            weightedRows: vectors.weighting.isIdentity
                ? nil : SparseRows(offsets: matrix.byUser.offsets, entries: vectors.userEntries),
            floorBounds: ItemNeighbors.denseApplies(matrix: matrix)
                ? nil : ItemNeighbors.floorBounds(matrix: matrix, vectors: vectors, options: options))
    }
}
