import Foundation

/// The input of a training split across machines, read and prepared once
/// (`bookrec train INPUT... --prepare --model FILE`) for every part to start
/// from (`bookrec train --prepared FILE --part I/N`), so that no part reads,
/// parses and sorts the whole input again: on a wide catalog that was about
/// half of each part's own work.
///
/// ```swift
/// let prepared = try PreparedInput.prepare(ratings, options: options)
/// try PreparedInputFile.write(prepared, to: url)  // then, on each machine:
/// let part = try PreparedInputFile.read(path).fit(part: TrainingPart(index: 1, count: 4), threads: 2)
/// ```
///
/// It is the model a single train writes, without neighbour lists: the
/// books, the readers' rows, the popularity list, the options resolved from
/// the whole input and the kept ingest; and what the neighbour search
/// computes before its first pair (`PreparedSearch`). A part fitted from it
/// is the part `BookModelPart.fit` fits from the inputs, so the join is the
/// same model.
struct PreparedInput: Sendable {
    /// The model with empty neighbour lists.
    var model: BookModel
    /// `--similarity` as given, before `auto` was resolved.
    let requestedSimilarity: Similarity
    /// Where every part's neighbour search starts.
    let search: PreparedSearch

    /// Prepares `ratings` with `options`, resolved as `BookModel.fit` resolves them.
    /// - Throws: `BookModelError.noRatings` when `ratings` holds none.
    /// - Complexity: the preparation of `BookModel.fit`, without its neighbour search.
    static func prepare(_ ratings: Ratings, options: ModelOptions) throws(BookModelError) -> PreparedInput {
        guard ratings.count > 0 else { throw .noRatings }
        let (matrix, resolved) = CollaborativeFilter(options: options).prepared(ratings.data)
        let tables = ScoringTables(
            neighbors: SparseRows(emptyRows: matrix.itemCount),
            popularity: Popularity(matrix: matrix, options: resolved), keyRank: matrix.keyRank)
        return PreparedInput(
            model: BookModel(matrix: matrix, options: resolved, tables: tables, ratings: ratings, trainedAt: Date()),
            requestedSimilarity: options.similarity, search: PreparedSearch(matrix: matrix, options: resolved))
    }

    /// Part `part` of the training, on `threads` workers: the part
    /// `BookModelPart.fit` fits from the inputs this was prepared from, with
    /// the options it was prepared with.
    /// - Complexity: O(entries) to rebuild the matrices, then about
    ///   `1 / part.count` of the neighbour search.
    func fit(part: TrainingPart, threads: Int) -> BookModelPart {
        var options = model.options
        options.threads = max(1, threads)
        // The search reads the rows by user alone, as the vectors' values: a
        // copy out of the file's mapping, weighed in place (the model's own
        // rows stay in the mapping; only part 0 reads them, to write them).
        var rows = model.readers.byUser
        if !search.weighting.isIdentity { rows.weigh(with: search.weighting) }
        let matrix = RatingMatrix(
            readers: ReaderRows(byUser: rows, shelves: SparseRows(emptyRows: rows.rowCount)),
            itemAtRank: model.books.itemAtRank, threads: threads)
        let neighbors = ItemNeighbors(matrix: matrix, options: options, part: part, search: search)
        guard let layout = neighbors.layout else { preconditionFailure("PreparedInput: a part fit has a layout") }
        let fitted = BookModel(
            options: options, fingerprint: model.fingerprint, trainedAt: Date(), books: model.books,
            tables: ScoringTables(
                neighbors: neighbors.lists, popularity: model.tables.popularity, keyRank: model.books.keyRank),
            readers: model.readers, userIDs: model.userIDs, userOrder: model.userOrder,
            trainingIngest: model.trainingIngest)
        return BookModelPart(part: part, layout: layout, model: fitted, requestedSimilarity: requestedSimilarity)
    }
}
