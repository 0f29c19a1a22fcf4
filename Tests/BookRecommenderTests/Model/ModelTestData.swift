import Foundation

@testable import BookRecommender

/// Builds `RatingData` for model tests: users are named `u0`, `u1`, …; items
/// get the given keys in index order. Shelf entries are interactions of
/// `shelfKind`, or, without one, books only kept out of picks.
func ratingData(
    keys: [String], users: Int, ratings: [(user: Int32, item: Int32, rating: Float)],
    shelf: [(user: Int32, item: Int32)] = [], shelfKind: InteractionKind? = nil
) -> RatingData {
    var data = RatingData()
    data.userIDs = (0..<users).map { "u\($0)" }
    data.itemKeys = keys
    data.ratingUser = ratings.map(\.user)
    data.ratingItem = ratings.map(\.item)
    data.ratingValue = ratings.map(\.rating)
    data.shelfUser = shelf.map(\.user)
    data.shelfItem = shelf.map(\.item)
    data.shelfTag = shelf.map { _ in shelfKind.map { InteractionTag($0) } ?? .otherEdition }
    return data
}

/// Options with the given overrides of the hand-worked baseline: the defaults,
/// but cosine similarity without shrinkage, which the worked examples use.
func options(_ change: (inout ModelOptions) -> Void = { _ in }) -> ModelOptions {
    var options = ModelOptions()
    options.similarity = .cosine
    options.shrinkage = 0
    change(&options)
    return options
}

/// Whether two floats agree to within `tolerance`.
func close(_ a: Float, _ b: Float, tolerance: Float = 1e-5) -> Bool {
    abs(a - b) <= tolerance
}

/// The hand-worked example shared by several suites. Items A B C D (indices
/// 0–3), users u0–u4:
///
///     u0: A=1 B=2        u1: A=2 B=1 C=3      u2: B=2 C=1
///     u3: D=5            u4: shelved C, no ratings
///
/// Rating vectors over (u0, u1, u2): A = (1, 2, 0), B = (2, 1, 2), C = (0, 3, 1);
/// D is rated only by u3, who rated nothing else, so D has no neighbours.
let workedExample = ratingData(
    keys: ["A", "B", "C", "D"], users: 5,
    ratings: [
        (0, 0, 1), (0, 1, 2), (1, 0, 2), (1, 1, 1), (1, 2, 3), (2, 1, 2), (2, 2, 1), (3, 3, 5),
    ],
    shelf: [(4, 2)])

/// Test data draws from the library's seeded generator (SplitMix64), so synthetic
/// data is the same on every run and platform.
extension SeededRandom {
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}

/// A seeded synthetic data set: `users` users, `items` items with keys in
/// shuffled order (so key order differs from index order), each user rating
/// 1–60 books drawn with a skew towards low indices, some rated twice, and
/// some books shelved.
func syntheticData(users: Int, items: Int, seed: UInt64) -> RatingData {
    var random = SeededRandom(seed: seed)
    var keys = (0..<items).map { "k\(String($0, radix: 7))" }
    keys.shuffle(using: &random)
    var ratings: [(user: Int32, item: Int32, rating: Float)] = []
    var shelf: [(user: Int32, item: Int32)] = []
    for user in 0..<users {
        let count = 1 + random.below(60)
        for _ in 0..<count {
            let item = min(random.below(items), random.below(items))
            ratings.append((Int32(user), Int32(item), Float(1 + random.below(10)) / 2))
            if random.below(20) == 0 {
                ratings.append((Int32(user), Int32(item), Float(1 + random.below(10)) / 2))
            }
        }
        for _ in 0..<random.below(4) { shelf.append((Int32(user), Int32(random.below(items)))) }
    }
    return ratingData(keys: keys, users: users, ratings: ratings, shelf: shelf)
}

/// `model`, fitted on `data`, as a `BookModel` (books without details unless `items` are given).
func bookModel(
    _ model: FittedModel, _ data: RatingData, items: [ItemInfo]? = nil,
    trainedAt: Date = Date(timeIntervalSince1970: 1_750_000_000)
) -> BookModel {
    BookModel(
        fitted: model,
        ratings: Ratings(data: data, items: items ?? Array(repeating: ItemInfo(), count: data.itemCount)),
        trainedAt: trainedAt)
}
