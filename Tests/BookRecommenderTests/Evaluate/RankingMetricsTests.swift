import Foundation
import Testing

@testable import BookRecommender

/// Metrics on tiny lists, worked by hand. `1/log2(2) = 1`, `1/log2(3) = 0.6309298`.
@Suite struct RankingMetricsTests {
    private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    /// N = 3, 8 books rated in training.
    ///
    ///     user  list (cut to 3)  relevant  hits  precision  recall  DCG      IDCG              NDCG
    ///     u0    1 2 3            {2, 5}    2@2   1/3        1/2     0.630930 1 + 0.630930     0.386853
    ///     u1    4                {4}       4@1   1/3        1       1        1                 1
    ///     u2    1 2 3 (4 cut)    {4}       –     0          0       0        1                 0
    ///     u3    5 6              {}        not evaluated
    ///
    /// precision = (1/3 + 1/3 + 0) / 3 = 0.222222, recall = (0.5 + 1 + 0) / 3 = 0.5,
    /// NDCG = (0.386853 + 1 + 0) / 3 = 0.462284, hit rate = 2/3,
    /// coverage = |{1, 2, 3, 4, 5, 6}| / 8 = 0.75 (u2's 4 is cut, but u1 has it; u3 counts).
    @Test func workedExample() {
        let metrics = RankingMetrics.score(
            lists: [[1, 2, 3], [4], [1, 2, 3, 4], [5, 6]], relevant: [[2, 5], [4], [4], []], top: 3,
            trainingItems: 8)
        #expect(metrics.users == 3)
        #expect(close(metrics.precision, 2.0 / 9))
        #expect(close(metrics.recall, 0.5))
        #expect(close(metrics.ndcg, 0.462284))
        #expect(close(metrics.hitRate, 2.0 / 3))
        #expect(close(metrics.coverage, 0.75))
    }

    /// More relevant books than N: the ideal list is N hits, not |R|.
    /// N = 2, list 7 8, relevant {8, 9, 10}: DCG = 1/log2(3) = 0.630930,
    /// IDCG = 1 + 0.630930 (two hits, not three) → NDCG 0.386853;
    /// precision 1/2, recall 1/3.
    @Test func idealDCGStopsAtN() {
        let metrics = RankingMetrics.score(lists: [[7, 8]], relevant: [[10, 8, 9]], top: 2, trainingItems: 4)
        #expect(close(metrics.ndcg, 0.386853))
        #expect(close(metrics.precision, 0.5))
        #expect(close(metrics.recall, 1.0 / 3))
        #expect(metrics.hitRate == 1)
        #expect(close(metrics.coverage, 0.5))
    }

    /// A perfect list scores 1 everywhere but precision, which is limited by |R| / N:
    /// list 3 1, relevant {1, 3}, N = 4 → precision 2/4.
    @Test func aPerfectShortList() {
        let metrics = RankingMetrics.score(lists: [[3, 1]], relevant: [[1, 3]], top: 4, trainingItems: 2)
        #expect(metrics.ndcg == 1)
        #expect(metrics.recall == 1)
        #expect(metrics.precision == 0.5)
        #expect(metrics.coverage == 1)
    }

    /// A hit at rank 3 of 3 with one relevant book: DCG = 1/log2(4) = 0.5, IDCG = 1.
    @Test func aLateHitIsDiscounted() {
        let metrics = RankingMetrics.score(lists: [[5, 6, 7]], relevant: [[7]], top: 3, trainingItems: 3)
        #expect(close(metrics.ndcg, 0.5))
    }

    /// A relevant user beyond the lists gets an empty list; no relevant user gives zeros.
    @Test func edgeCases() {
        let missingList = RankingMetrics.score(lists: [], relevant: [[1]], top: 5, trainingItems: 0)
        #expect(missingList == RankingMetrics(precision: 0, recall: 0, ndcg: 0, hitRate: 0, coverage: 0, users: 1))
        let nobody = RankingMetrics.score(lists: [[1, 2]], relevant: [[], []], top: 5, trainingItems: 2)
        #expect(nobody == RankingMetrics(precision: 0, recall: 0, ndcg: 0, hitRate: 0, coverage: 1, users: 0))
    }
}
