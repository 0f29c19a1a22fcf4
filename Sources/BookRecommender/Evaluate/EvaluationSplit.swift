/// Ratings divided into what a model learns from (`training`) and what it is
/// scored on (`test`), over one set of interned users and items, so an item
/// index means the same book on both sides.
package struct EvaluationSplit: Sendable {
    /// Where the split came from, for the report.
    package enum Origin: Sendable, Equatable {
        /// A per-user random holdout of one set of inputs (`HoldoutSplit`).
        case holdout(fraction: Double, seed: UInt64)
        /// Training and test files made elsewhere.
        case files(training: [String], test: [String])
    }

    /// What the model is fitted on: ratings and every shelf entry.
    package var training: RatingData
    /// Held-out ratings only (no shelf entries), with the same `userIDs` and
    /// `itemKeys` as `training`.
    package var test: RatingData
    package var origin: Origin
    /// Ratings dropped before splitting because the same user rated the same
    /// book again later (holdout splits; a file split leaves them to the model).
    package var duplicatesReplaced: Int
    /// Shelf entries found in the test files: they are neither ratings to
    /// score nor allowed to hide books from training, so they are not used.
    package var testShelvesIgnored: Int

    /// A split with the given parts; `test` must share `training`'s users and items.
    package init(
        training: RatingData, test: RatingData, origin: Origin, duplicatesReplaced: Int = 0, testShelvesIgnored: Int = 0
    ) {
        precondition(
            training.userIDs == test.userIDs && training.itemKeys == test.itemKeys,
            "EvaluationSplit: training and test are interned differently")
        self.training = training
        self.test = test
        self.origin = origin
        self.duplicatesReplaced = duplicatesReplaced
        self.testShelvesIgnored = testShelvesIgnored
    }

    /// Splits data ingested from the training files followed by the test files
    /// in one pass (so users and items are interned jointly): the first
    /// `trainingRatings` ratings and `trainingShelves` shelf entries are
    /// training, the rest test. Test shelf entries are counted in
    /// `testShelvesIgnored` and not used.
    package init(
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
        var held = data
        held.ratingUser = Array(data.ratingUser[trainingRatings...])
        held.ratingItem = Array(data.ratingItem[trainingRatings...])
        held.ratingValue = Array(data.ratingValue[trainingRatings...])
        held.shelfUser = []
        held.shelfItem = []
        self.init(
            training: train, test: held, origin: .files(training: training, test: test),
            testShelvesIgnored: data.shelfUser.count - trainingShelves)
    }

    /// Each user's relevant held-out books: those rated at least `minimum`,
    /// ascending by item index. When the test part rates a book twice for the
    /// same user, the later rating decides.
    package func relevantItems(minimum: Float) -> [[Int32]] {
        var latest = [[Int32: Float]](repeating: [:], count: test.userCount)
        for entry in 0..<test.ratingCount {
            latest[Int(test.ratingUser[entry])][test.ratingItem[entry]] = test.ratingValue[entry]
        }
        return latest.map { ratings in ratings.filter { $0.value >= minimum }.keys.sorted() }
    }
}
