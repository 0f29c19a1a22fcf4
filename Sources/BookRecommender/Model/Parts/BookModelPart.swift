import Foundation

/// One part of a training split across machines (`bookrec train --part I/N`):
/// the whole input read and prepared as a single train prepares it, but only
/// the neighbour pairs of the part's block of books computed (`TrainingPartLayout`).
///
/// ```swift
/// let part = try BookModelPart.fit(ratings, options: options, part: TrainingPart(index: 0, count: 4))
/// try part.write(to: url)  // then, once all four are written:
/// let model = try BookModelPart.join(["0.part", "1.part", "2.part", "3.part"])
/// ```
///
/// Part 0 also carries everything else a model file holds (books, readers'
/// rows, popularity, the kept ingest), so the join rebuilds the model from
/// part 0 and every part's rows, byte for byte the model of a single train.
struct BookModelPart: Sendable {
    let part: TrainingPart
    let layout: TrainingPartLayout
    /// The model as this part fitted it: everything a single train's holds,
    /// except that its neighbour lists hold only this part's finds.
    var model: BookModel
    /// `--similarity` as given, before `auto` was resolved.
    let requestedSimilarity: Similarity

    /// Fits part `part` of `ratings` with `options`, resolved from the whole
    /// of `ratings` as `BookModel.fit` resolves them.
    /// - Throws: `BookModelError.noRatings` when `ratings` holds none.
    /// - Complexity: the preparation of `BookModel.fit`, then about
    ///   `1 / part.count` of its neighbour search.
    static func fit(_ ratings: Ratings, options: ModelOptions, part: TrainingPart) throws(BookModelError)
        -> BookModelPart
    {
        guard ratings.count > 0 else { throw .noRatings }
        let fitted = CollaborativeFilter(options: options).fit(ratings.data, part: part)
        guard let layout = fitted.partLayout else { preconditionFailure("BookModelPart: a part fit has a layout") }
        return BookModelPart(
            part: part, layout: layout, model: BookModel(fitted: fitted, ratings: ratings, trainedAt: Date()),
            requestedSimilarity: options.similarity)
    }

    /// Writes the part file to `url` (layout: `TrainingPartFile`): to a temporary
    /// file beside it, then renamed over it. Creates the folder when needed.
    /// - Throws: `BookModelError.cannotWrite` naming the file.
    func write(to url: URL) throws(BookModelError) {
        do {
            let data = try TrainingPartFile.encoded(self)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: url.relativePath, reason: AtomicFile.describe(error))
        }
    }
}

extension BookModel {
    /// This model with `neighbors` as its neighbour lists.
    func replacingNeighbors(with neighbors: SparseRows) -> BookModel {
        BookModel(
            options: options, fingerprint: fingerprint, trainedAt: trainedAt, books: books,
            tables: ScoringTables(neighbors: neighbors, popularity: tables.popularity, keyRank: books.keyRank),
            readers: readers, userIDs: userIDs, userOrder: userOrder, trainingIngest: trainingIngest)
    }
}
