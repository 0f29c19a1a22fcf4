/// Where the sparse kernel's walk of each rater's row stops when it finds
/// each pair once, from its upper book (`NeighborFinder`): for every rater of
/// a run of books, the index in `RatingMatrix.byUser` of their rating of the
/// book, so the walk meets only the books below it.
///
/// Only the run of books a worker is asked for is held: a training part
/// (`TrainingPart`) needs the raters of its own books alone.
struct RaterPositions: Sendable {
    /// The index in `RatingMatrix.byItem` of the first rater held.
    private let first: Int
    /// Per rater held, in the order of `byItem`, the same rating's index in `byUser`.
    private let positions: [Int32]

    /// The positions of the raters of `items` in `matrix`, sorted on `threads` workers.
    /// - Complexity: O(ratings + threads · items.count).
    init(matrix: RatingMatrix, items: Range<Int>, threads: Int) {
        first = Int(matrix.byItem.offsets[items.lowerBound])
        positions = matrix.byUser.transposedPositions(of: items, threads: threads)
    }

    /// The position of `rater`, an index in `byItem` of a rater of a book held.
    @inline(__always)
    subscript(rater: Int) -> Int32 {
        positions[rater - first]
    }
}
