import Foundation
import Testing

@testable import BookRecommender

/// The scenario of `Fixtures/evaluate/` (all training ratings 5 stars):
///
///     u0–u2: A, B      u3–u6: D      u7: A         training
///     u7: B=5 (relevant)   u3: B=2 (not relevant)   u8: E=4 (new user, new book)   test
///
/// With N = 1 and min-ratings 1: A's only neighbour is B (and B's is A), D has
/// none. Popularity: every mean is 5, so ties go to more ratings, then key:
/// A (4), D (4), B (3).
///
///     user    filter pick                        popularity pick
///     u0–u2   D (A, B owned, fallback)           D
///     u3–u6   A (D has no neighbours, fallback)  A
///     u7      B (neighbour of A): hit            D: miss
///     u8      A (cold start, fallback): miss     A: miss
@Suite struct EvaluatorTests {
    private static let filterOptions = options {
        $0.top = 1
        $0.minRatings = 1
        $0.threads = 2
    }

    private func fixture(_ name: String) -> InputFile {
        InputFile(path: Bundle.module.resourceURL!.appendingPathComponent("Fixtures/evaluate/\(name)").path)
    }

    private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    /// u0–u7 only (no u8): the filter hits u7's book, popularity misses it.
    /// Coverage: filter {D, A, B} / 3, popularity {D, A} / 3.
    @Test func filterAndBaselineOnAKnownSplit() {
        let keys = ["A", "B", "D"]
        let training = ratingData(
            keys: keys, users: 8,
            ratings: [(0, 0, 5), (0, 1, 5), (1, 0, 5), (1, 1, 5), (2, 0, 5), (2, 1, 5)]
                + (3...6).map { (Int32($0), 2, 5) } + [(7, 0, 5)])
        let test = ratingData(keys: keys, users: 8, ratings: [(7, 1, 5), (3, 1, 2)])
        let split = EvaluationSplit(training: training, test: test, origin: .holdout(fraction: 0.2, seed: 1))
        let report = Evaluator(options: Self.filterOptions, relevantMin: 3.5).evaluate(split)
        #expect(
            report.model.metrics == RankingMetrics(precision: 1, recall: 1, ndcg: 1, hitRate: 1, coverage: 1, users: 1))
        #expect(report.popularity.metrics.users == 1)
        #expect(report.popularity.metrics.hitRate == 0 && report.popularity.metrics.ndcg == 0)
        #expect(close(report.popularity.metrics.coverage, 2.0 / 3))
        #expect(report.data.testRatings == 2 && report.data.relevantTestRatings == 1)
        #expect(report.data.trainingItems == 3 && report.data.trainingRatings == 11)
    }

    /// The baseline is what the model itself recommends when every user is cold.
    @Test(arguments: [1, 10]) func popularityBaselineIsTheModelsColdStartList(top: Int) {
        let data = syntheticData(users: 60, items: 90, seed: 21)
        var cold = ModelOptions()
        cold.top = top
        cold.minRatings = Int.max
        let expected = CollaborativeFilter(options: cold).fit(data).recommendAll().map { $0.map(\.item) }
        var options = ModelOptions()
        options.top = top
        let baseline = Evaluator.popularityLists(CollaborativeFilter(options: options).fit(data))
        #expect(baseline == expected)
        #expect(baseline.allSatisfy { !$0.isEmpty })
    }

    /// Training and test files ingested together share item and user indices:
    /// E and u8 exist only in the test file. u7 is a hit, u8 a miss for both.
    /// Filter: precision = recall = NDCG = hit rate = 1/2 over 2 users,
    /// coverage {D, A, B} / 3 trained books (E has no training rating).
    /// Popularity: all 0, coverage {D, A} / 3.
    @Test func trainingAndTestFilesAreScoredTogether() throws {
        let files = [fixture("train.csv"), fixture("test.csv")]
        let result = try Ingestor(format: nil, columns: nil, policy: .fail).ingest(
            files, catalogFile: nil, rejects: RejectLog(streamingTo: nil))
        let split = EvaluationSplit(
            joined: result.data, trainingRatings: result.files[0].records.used,
            trainingShelves: result.files[0].records.shelved, training: ["train.csv"], test: ["test.csv"])
        #expect(split.training.ratingCount == 11 && split.test.ratingCount == 3)
        #expect(split.training.itemKeys.contains("E") && split.training.userIDs.contains("u8"))
        let report = Evaluator(options: Self.filterOptions).evaluate(split)
        let model = report.model.metrics
        #expect(model.users == 2)
        #expect(model.precision == 0.5 && model.recall == 0.5 && model.ndcg == 0.5 && model.hitRate == 0.5)
        #expect(model.coverage == 1)
        #expect(report.popularity.metrics.hitRate == 0 && report.popularity.metrics.users == 2)
        #expect(close(report.popularity.metrics.coverage, 2.0 / 3))
        #expect(report.json.text.contains("\"method\": \"files\""))
    }

    /// A test file's interactions are held out (relevant unless the book is rated below the minimum); a later test rating wins.
    @Test func joinedSplitHoldsOutTestInteractionsAndKeepsTheLaterTestRating() {
        let data = ratingData(
            keys: ["A", "B"], users: 1, ratings: [(0, 0, 4), (0, 1, 5), (0, 1, 2)], shelf: [(0, 0), (0, 1)],
            shelfKind: .read)
        let split = EvaluationSplit(
            joined: data, trainingRatings: 1, trainingShelves: 1, training: ["t"], test: ["h"])
        #expect(split.testInteractions == 1 && split.training.shelfItem == [0] && split.test.shelfItem == [1])
        #expect(split.relevantItems(minimum: 3.5) == [[]])
        #expect(split.relevantItems(minimum: 2) == [[1]])
        #expect(split.relevantItems(minimum: 3.5, relevance: .interactions) == [[1]])
    }
}
