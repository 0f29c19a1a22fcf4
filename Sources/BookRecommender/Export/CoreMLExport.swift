import Foundation

/// Writes a fitted model as a Core ML item-similarity recommender
/// (`FILE.mlmodel`) and the app's book database (`books.json`) beside it.
///
/// The model holds exactly the batch run's neighbour lists: item i's
/// `similarItemList` is book i's neighbour list, best first, with the
/// same similarities (widened from `Float` to `Double`), and every item's score
/// adjustment is 0. Core ML then scores a candidate k as
/// `Σ sim(i, k) · r_i` over the input items i, which is the batch run's
/// default `sum` scoring.
///
/// The features are named as Create ML names them for an `MLRecommender`
/// with string item ids, so an app written against such a model loads this
/// one unchanged: inputs `items` (String → Double dictionary: item key →
/// rating), `k` (Int64), optional `restrict_` and `exclude` (sequences of
/// String); outputs `recommendations` (sequence of String, best first) and
/// `scores` (String → Double dictionary).
enum CoreMLExport {
    /// What `write` produced.
    struct Written: Sendable, Equatable {
        /// The `.mlmodel` file.
        var model: URL
        /// `books.json`, beside it.
        var books: URL
        /// Items in the model (and books in `books.json`).
        var items: Int
        /// Neighbour links in the model.
        var links: Int
        /// Books in `books.json` with a cover link.
        var covers: Int
    }

    /// The file name of the book database written beside the model.
    static let booksFileName = "books.json"

    /// Writes `books.json`, then the model to `url` (each atomically), creating
    /// the folder when needed. The model's metadata gives `model.trainedAt` as
    /// the training date.
    /// - Parameters:
    ///   - cacheFolder: the Google Books cache to read covers and authors from
    ///     (read only; nil or a missing folder means none).
    /// - Throws: `ReportError.cannotCreateFolder` or `.cannotWrite` naming the path.
    static func write(model: BookModel, to url: URL, cacheFolder: URL?) throws(ReportError) -> Written {
        let folder = url.deletingLastPathComponent()
        try AtomicFile.createFolder(folder)
        let cache = cacheFolder.map { EnrichCache(folder: $0, options: EnrichOptions()) }
        let books = BookDatabase(itemKeys: model.books.keys, items: model.books.infos) { cache?.read($0) }
        let booksURL = folder.appendingPathComponent(booksFileName)
        try AtomicFile.write(books.document.data, to: booksURL)
        try AtomicFile.write(Data(spec(model: model).serialized), to: url)
        return Written(
            model: url, books: booksURL, items: model.bookCount, links: model.neighborLinks, covers: books.coverCount)
    }

    /// The Core ML model of `model`: every item (by index, ids its book keys)
    /// with its neighbour list, even an empty one, so every item id is known
    /// to Core ML.
    static func spec(model: BookModel) -> CoreMLSpec {
        let neighbors = model.tables.neighbors
        let similarities = (0..<model.bookCount).map { item in
            CoreMLSpec.ItemSimilarityRecommender.SimilarItems(
                itemID: UInt64(item),
                similarItems: neighbors.entries[neighbors.range(of: item)].map {
                    .init(itemID: UInt64($0.column), similarity: Double($0.value))
                })
        }
        let recommender = CoreMLSpec.ItemSimilarityRecommender(
            similarities: similarities, itemStringIDs: model.books.keys, itemInputFeatureName: FeatureName.items,
            numRecommendationsInputFeatureName: FeatureName.count,
            itemRestrictionInputFeatureName: FeatureName.restrict,
            itemExclusionInputFeatureName: FeatureName.exclude,
            recommendedItemListOutputFeatureName: FeatureName.recommendations,
            recommendedItemScoreOutputFeatureName: FeatureName.scores)
        return CoreMLSpec(
            specificationVersion: CoreMLSpec.recommenderSpecificationVersion,
            modelDescription: description(model: model), recommender: recommender)
    }

    /// The feature names Create ML gives an item-similarity recommender.
    enum FeatureName {
        static let items = "items"
        static let count = "k"
        static let restrict = "restrict_"
        static let exclude = "exclude"
        static let recommendations = "recommendations"
        static let scores = "scores"
    }

    private static func description(model: BookModel) -> CoreMLSpec.ModelDescription {
        typealias Feature = CoreMLSpec.FeatureDescription
        let options = model.options
        let day = ReportTotals.day(of: model.trainedAt)
        let inputs = [
            Feature(
                name: FeatureName.items,
                shortDescription: "The reader's books: item key (ISBN-13 or catalog id) to rating on the 0-5 scale",
                type: .init(.dictionary(key: .string))),
            Feature(
                name: FeatureName.count, shortDescription: "Number of recommendations to return",
                type: .init(.int64)),
            Feature(
                name: FeatureName.restrict, shortDescription: "Recommend only from these items",
                type: .init(.sequence(of: .string), isOptional: true)),
            Feature(
                name: FeatureName.exclude,
                shortDescription: "Never recommend these items (default: the input items)",
                type: .init(.sequence(of: .string), isOptional: true)),
        ]
        let outputs = [
            Feature(
                name: FeatureName.recommendations, shortDescription: "Recommended item keys, best first",
                type: .init(.sequence(of: .string))),
            Feature(
                name: FeatureName.scores,
                shortDescription: "Score of each recommended item: sum of similarity times rating",
                type: .init(.dictionary(key: .string))),
        ]
        let metadata = CoreMLSpec.Metadata(
            shortDescription:
                "Item-similarity book recommender trained by bookrec on \(model.ratingCount) ratings "
                + "of \(model.readerCount) readers; the item ids are in books.json",
            versionString: day, author: "bookrec \(BookRecommenderVersion.current)",
            license: "Trained on the club's own ratings; for the club's app only",
            userDefined: [
                "trainingDate": ISO8601DateFormatter().string(from: model.trainedAt),
                "similarity": options.similarity.rawValue,
                "neighbors": String(options.neighbors),
                "threshold": String(options.threshold),
                "shrinkage": String(options.shrinkage),
                "items": String(model.bookCount),
                "users": String(model.readerCount),
                "ratings": String(model.ratingCount),
                "neighborLinks": String(model.neighborLinks),
                // EASE's weights were fitted on strengths: an app passes max(rating - 2, 0.1) as each item's value.
                "scoring": options.similarity == .ease
                    ? "sum of weight times max(rating - 2, 0.1) (itemScoreAdjustment 0)"
                    : "sum of similarity times rating (itemScoreAdjustment 0)",
                // A book the reader has without stars is an input item at its kind's weight.
                "weights": options.weights.text,
            ])
        return CoreMLSpec.ModelDescription(
            inputs: inputs, outputs: outputs, predictedFeatureName: FeatureName.recommendations,
            predictedProbabilitiesName: FeatureName.scores, metadata: metadata)
    }
}
