import Foundation

/// A fitted book recommender: the front door for Swift programs, and the
/// model `bookrec train` writes and `bookrec recommend --model` reads.
///
/// ```swift
/// import BookRecommender
///
/// var builder = RatingsBuilder()
/// builder.add(user: "ana", book: "9780439023481", rating: 5)
/// builder.add(user: "ana", book: "0316015849", rating: 4, title: "Twilight", author: "Stephenie Meyer")
/// let model = try BookModel.fit(builder.build(), options: ModelOptions())
/// let forAna = model.recommend(user: "ana", top: 10)
/// let forNew = model.recommend(ratings: ["9780439023481": 5, "0316015849": 4], top: 10)
/// let alike = model.similar(to: "9780439023481", top: 5)
/// try model.write(to: URL(fileURLWithPath: "club.bookrec"))
/// let again = try BookModel(contentsOf: URL(fileURLWithPath: "club.bookrec"))
/// ```
///
/// A model holds its books (keys, ISBNs, titles, authors, covers), every
/// book's neighbours, the popularity list, the readers it was fitted on with
/// their ratings and shelved books, its options, and a fingerprint of its
/// training data. It is an immutable value: every method may be called from
/// many tasks at once, each call scoring in scratch memory of its own
/// (about 25 bytes per book).
///
/// Books are named by their key or by any ISBN form of it (an ISBN-10 finds
/// its ISBN-13 key), as `RatingsBuilder` and ingest key them.
public struct BookModel: Sendable {
    /// The options it was fitted with; `recommend` uses their minimum
    /// ratings, reasons, scoring and book lists.
    public let options: ModelOptions
    /// The fingerprint of the training data (16 hex digits): equal for models
    /// trained on the same ratings, different (with near certainty) otherwise.
    public let fingerprint: String
    /// When it was fitted (`bookrec` takes `SOURCE_DATE_EPOCH` instead when
    /// it is set, for model files equal byte for byte).
    public package(set) var trainedAt: Date
    let books: BookTable
    let tables: ScoringTables
    private let editions: LazyEditions
    /// The training readers, in `books`' numbering.
    let readers: ModelReaders
    let userIDs: [String]
    /// The readers in ascending id order.
    let userOrder: [Int32]
    /// What `bookrec train` read to fit it, for runs on the same inputs; nil
    /// for a model fitted by a Swift program or kept without it.
    var trainingIngest: TrainingIngest?

    /// Fits the item-item filter on `ratings` with `options` (the defaults
    /// are those of the `bookrec` command line).
    /// - Throws: `BookModelError.noRatings` when `ratings` holds none.
    /// - Complexity: see `CollaborativeFilter.fit`.
    public static func fit(_ ratings: Ratings, options: ModelOptions = ModelOptions()) throws(BookModelError)
        -> BookModel
    {
        guard ratings.count > 0 else { throw .noRatings }
        return BookModel(
            fitted: CollaborativeFilter(options: options).fit(ratings.data), ratings: ratings, trainedAt: Date())
    }

    /// The model of `fitted`, which was fitted on `ratings`.
    init(fitted: FittedModel, ratings: Ratings, trainedAt: Date) {
        self.init(
            matrix: fitted.matrix, options: fitted.options, tables: fitted.tables, ratings: ratings,
            trainedAt: trainedAt)
    }

    /// The model with `tables`, fitted with `options` on `matrix`, the matrices of `ratings`.
    init(matrix: RatingMatrix, options: ModelOptions, tables: ScoringTables, ratings: Ratings, trainedAt: Date) {
        self.init(
            options: options, fingerprint: ratings.fingerprint, trainedAt: trainedAt,
            books: BookTable(
                keys: ratings.data.itemKeys, infos: ratings.items, keyRank: matrix.keyRank,
                itemAtRank: matrix.itemAtRank),
            tables: tables, readers: ModelReaders(matrix.readers), userIDs: ratings.data.userIDs,
            userOrder: BookTable.order(of: ratings.data.userIDs))
    }

    init(
        options: ModelOptions, fingerprint: String, trainedAt: Date, books: BookTable, tables: ScoringTables,
        readers: ModelReaders, userIDs: [String], userOrder: [Int32], trainingIngest: TrainingIngest? = nil
    ) {
        self.options = options
        self.fingerprint = fingerprint
        self.trainedAt = trainedAt
        self.books = books
        self.tables = tables
        editions = LazyEditions(infos: books.infos)
        self.readers = readers
        self.userIDs = userIDs
        self.userOrder = userOrder
        self.trainingIngest = trainingIngest
    }

    /// The keys of the books the model knows (ISBN-13, or the id the ratings gave).
    public var bookKeys: [String] { books.keys }
    /// The ids of the readers it was fitted on, as `recommend(user:top:)` takes them.
    public var readerIDs: [String] { userIDs }
    /// The books the model knows.
    public var bookCount: Int { books.count }
    /// The readers it was fitted on.
    public var readerCount: Int { userIDs.count }
    /// The ratings it was fitted on, after repeated ratings were resolved.
    public var ratingCount: Int { readers.ratingCount }
    /// Neighbour links over all books.
    public var neighborLinks: Int { tables.neighbors.entryCount }

    /// The picks of `user`, one of the readers the model was fitted on, best
    /// first: at most `top`, never a book they rated or shelved. A reader with
    /// fewer than `options.minRatings` ratings gets the popularity list, marked
    /// `fallback`, and so does the end of a list the filter cannot fill.
    /// Empty for a reader the model does not know.
    /// - Complexity: O(ratings of the reader · neighbours + books).
    public func recommend(user: String, top: Int = 10) -> [Pick] {
        guard let index = BookTable.find(user, in: userIDs, order: userOrder) else { return [] }
        return picks(of: 0, in: readers.reader(Int(index)), top: top)
    }

    /// The picks of a reader who is not in the model, from their ratings (book
    /// key or ISBN → rating on the 0–5 scale), as for `recommend(user:top:)`:
    /// a reader whose ratings equal a known reader's gets that reader's picks.
    /// Never returns a book in `ratings`. Books the model does not know add
    /// nothing (and do not count towards `options.minRatings`); a rating off
    /// the scale only keeps its book out of the picks. When two keys name one
    /// book, the later key in sorted order wins.
    /// - Complexity: O(ratings · (log books + neighbours) + books).
    public func recommend(ratings: [String: Double], top: Int = 10) -> [Pick] {
        var rated: [Int32: Float] = [:]
        var owned = Set<Int32>()
        for (key, value) in ratings.sorted(by: { $0.key < $1.key }) {
            guard let item = books.item(named: key) else { continue }
            if let rating = RatingScale.fiveStars.normalize(Float(value)) {
                rated[item] = rating
            } else {
                owned.insert(item)
            }
        }
        let entries = rated.sorted { $0.key < $1.key }.map { SparseEntry(column: $0.key, value: $0.value) }
        let shelved = owned.subtracting(rated.keys).sorted().map { SparseEntry(column: $0, value: 0) }
        let reader = ReaderRows(
            byUser: SparseRows(offsets: [0, Int32(entries.count)], entries: entries),
            shelves: SparseRows(offsets: [0, Int32(shelved.count)], entries: shelved))
        return picks(of: 0, in: reader, top: top)
    }

    /// The books most similar to `book` (its key or an ISBN), best first, at
    /// most `top` and at most `options.neighbors`; empty for a book the model
    /// does not know.
    public func similar(to book: String, top: Int = 10) -> [SimilarBook] {
        guard top > 0, let item = books.item(named: book) else { return [] }
        let neighbors = tables.neighbors
        return neighbors.entries[neighbors.range(of: Int(item))].prefix(top).map { neighbor in
            SimilarBook(
                book: books.keys[Int(neighbor.column)], title: books.infos[Int(neighbor.column)].title,
                similarity: Double(neighbor.value))
        }
    }

    /// What scoring needs: the tables, with the books that are editions of one work.
    var scoringTables: ScoringTables { tables.with(editions.value) }

    /// Reader `user` of `readers` scored with a scorer of its own.
    private func picks(of user: Int, in readers: ReaderRows, top: Int) -> [Pick] {
        var options = self.options
        options.top = top
        var scorer = UserScorer(tables: scoringTables, options: options.clamped)
        return scorer.recommend(user: user, in: readers).map { pick in
            let info = books.infos[Int(pick.item)]
            return Pick(
                book: books.keys[Int(pick.item)], title: info.title, authors: info.authors, score: Double(pick.score),
                because: pick.because.map { books.keys[Int($0.item)] }, fallback: pick.fallback)
        }
    }
}
