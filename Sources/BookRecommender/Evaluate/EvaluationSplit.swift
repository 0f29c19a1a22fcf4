/// Ratings divided into what a model learns from (`training`) and what it is
/// scored on (`test`), over one set of interned users and items, so an item
/// index means the same book on both sides.
struct EvaluationSplit: Sendable {
    /// Where the split came from, for the report.
    enum Origin: Sendable, Equatable {
        /// A per-user random holdout of one set of inputs (`HoldoutSplit`).
        case holdout(fraction: Double, seed: UInt64)
        /// Training and test files made elsewhere.
        case files(training: [String], test: [String])
    }

    /// Which held-out books count as relevant.
    enum Relevance: Sendable {
        /// Ratings at or above the minimum, and every interaction.
        case all
        /// Ratings at or above the minimum only.
        case ratings
        /// Interactions only (books held out without stars).
        case interactions
    }

    /// What the model is fitted on: ratings and interactions.
    var training: RatingData
    /// Held-out ratings and interactions, with the same `userIDs` and
    /// `itemKeys` as `training`.
    var test: RatingData
    var origin: Origin
    /// Ratings dropped before splitting because the same user rated the same
    /// book again later (holdout splits; a file split leaves them to the model).
    var duplicatesReplaced: Int
    /// A split with the given parts; `test` must share `training`'s users and items.
    init(training: RatingData, test: RatingData, origin: Origin, duplicatesReplaced: Int = 0) {
        precondition(
            training.userIDs == test.userIDs && training.itemKeys == test.itemKeys,
            "EvaluationSplit: training and test are interned differently")
        self.training = training
        self.test = test
        self.origin = origin
        self.duplicatesReplaced = duplicatesReplaced
    }

    /// Splits data ingested from the training files followed by the test files
    /// in one pass (so users and items are interned jointly): the first
    /// `trainingRatings` ratings and `trainingShelves` interactions are
    /// training, the rest test.
    init(
        joined data: RatingData, trainingRatings: Int, trainingShelves: Int, training: [String], test: [String]
    ) {
        precondition(
            trainingRatings <= data.ratingCount && trainingShelves <= data.shelfUser.count,
            "EvaluationSplit: the training part is longer than the data")
        var train = data
        train.ratingUser = Array(data.ratingUser[..<trainingRatings])
        train.ratingItem = Array(data.ratingItem[..<trainingRatings])
        train.ratingValue = Array(data.ratingValue[..<trainingRatings])
        train.shelfUser = Array(data.shelfUser[..<trainingShelves])
        train.shelfItem = Array(data.shelfItem[..<trainingShelves])
        train.shelfTag = Array(data.shelfTag[..<trainingShelves])
        var held = data
        held.ratingUser = Array(data.ratingUser[trainingRatings...])
        held.ratingItem = Array(data.ratingItem[trainingRatings...])
        held.ratingValue = Array(data.ratingValue[trainingRatings...])
        held.shelfUser = Array(data.shelfUser[trainingShelves...])
        held.shelfItem = Array(data.shelfItem[trainingShelves...])
        held.shelfTag = Array(data.shelfTag[trainingShelves...])
        self.init(training: train, test: held, origin: .files(training: training, test: test))
    }

    /// Held-out interactions (other editions, which only keep books out of picks, aside).
    var testInteractions: Int { test.shelfTag.count { $0.kind != nil } }

    /// Each user's relevant held-out books, ascending by item index: those
    /// rated at least `minimum` and, as `relevance` says, those held out
    /// without stars. When the test part rates a book twice for the same
    /// user, the later rating decides; a book rated below `minimum` is not
    /// relevant, whatever else the reader did with it.
    func relevantItems(minimum: Float, relevance: Relevance = .all) -> [[Int32]] {
        var latest = [[Int32: Float]](repeating: [:], count: test.userCount)
        if relevance != .interactions {
            for entry in 0..<test.ratingCount {
                latest[Int(test.ratingUser[entry])][test.ratingItem[entry]] = test.ratingValue[entry]
            }
        }
        var held = [Set<Int32>](repeating: [], count: test.userCount)
        if relevance != .ratings {
            for entry in test.shelfUser.indices where test.shelfTag[entry].kind != nil {
                held[Int(test.shelfUser[entry])].insert(test.shelfItem[entry])
            }
        }
        return latest.indices.map { user in
            let rated = latest[user].filter { $0.value >= minimum }.keys
            return Set(rated).union(held[user].filter { latest[user][$0] == nil }).sorted()
        }
    }
}
