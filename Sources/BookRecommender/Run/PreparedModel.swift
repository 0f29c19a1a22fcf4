import Foundation

/// The model a run scores with, fitted on its ratings or loaded from a model
/// file, with the run's readers in the model's book numbering.
struct PreparedModel {
    /// Where a model came from.
    enum Origin {
        /// Fitted on the run's ratings.
        case fitted(FittedModel)
        /// Read from a model file, as `summary.json` describes it. The model
        /// itself is kept only for a run that exports it: its readers' ratings
        /// are as large as the run's own.
        case loaded(ModelSource, kept: BookModel?)
    }

    let origin: Origin
    let tables: ScoringTables
    /// The model's books: what picks and their reasons name.
    let books: BookTable
    /// What the run scores with (clamped): the model's filter settings, the
    /// run's top, minimum ratings, threads and book lists.
    let options: ModelOptions
    /// The run's readers in the model's numbering; books the model does not know are left out.
    let readers: ReaderRows
    /// The run's readers in the run's own numbering: the rated books reports list.
    let rated: ReaderRows

    /// The file the model was read from, for `summary.json`; nil when fitted.
    var source: ModelSource? {
        guard case .loaded(let source, _) = origin else { return nil }
        return source
    }

    /// The model as a `BookModel` (for the Core ML export): the fitted one
    /// with the run's `ratings`, trained at `startedAt`, or the loaded one when
    /// it was kept.
    func bookModel(ratings: Ratings, startedAt: Date) -> BookModel? {
        switch origin {
        case .fitted(let fitted): BookModel(fitted: fitted, ratings: ratings, trainedAt: startedAt)
        case .loaded(_, let kept): kept
        }
    }
}

/// `summary.json`'s `model`: the model file a run scored with.
struct ModelSource: Codable, Equatable {
    /// The filter settings the model was fitted with.
    struct Settings: Codable, Equatable {
        var similarity: String
        var neighbors: Int
        var threshold: Float
        var shrinkage: Float

        /// The settings of a fitted filter (`auto` resolved).
        init(_ options: ModelOptions) {
            similarity = options.similarity.rawValue
            neighbors = options.neighbors
            threshold = options.threshold
            shrinkage = options.shrinkage
        }
    }

    var path: String
    var fingerprint: String
    var trainedAt: String
    /// Whether the run's ratings are the very ones the model was trained on.
    var sameInputs: Bool
    var books: Int
    var readers: Int
    var settings: Settings

    init(path: String, model: BookModel, sameInputs: Bool) {
        self.path = path
        fingerprint = model.fingerprint
        trainedAt = ISO8601DateFormatter().string(from: model.trainedAt)
        self.sameInputs = sameInputs
        books = model.bookCount
        readers = model.readerCount
        settings = Settings(model.options)
    }
}
