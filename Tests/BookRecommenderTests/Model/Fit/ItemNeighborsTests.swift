import Testing

@testable import BookRecommender

/// Neighbour lists of `workedExample` (A B C D = 0 1 2 3), worked by hand.
@Suite struct ItemNeighborsTests {
    private func neighbors(_ change: (inout ModelOptions) -> Void = { _ in }) -> FittedModel {
        CollaborativeFilter(options: options(change)).fit(workedExample)
    }

    private func expect(
        _ model: FittedModel, _ item: Int32, _ expected: [(Int32, Float)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let actual = model.neighbors(of: item)
        #expect(actual.map(\.item) == expected.map(\.0), sourceLocation: sourceLocation)
        for (got, want) in zip(actual, expected) {
            #expect(close(got.similarity, want.1), "\(got) vs \(want)", sourceLocation: sourceLocation)
        }
    }

    @Test func cosine() {
        // |A| = √(1+4) = √5, |B| = √(4+1+4) = 3, |C| = √(9+1) = √10.
        // A·B = 1·2 + 2·1 = 4 → 4 / (3√5) = 0.596285
        // A·C = 2·3 = 6 → 6 / √50 = 0.848528
        // B·C = 1·3 + 2·1 = 5 → 5 / (3√10) = 0.527046
        let model = neighbors()
        expect(model, 0, [(2, 0.848528), (1, 0.596285)])
        expect(model, 1, [(0, 0.596285), (2, 0.527046)])
        expect(model, 2, [(0, 0.848528), (1, 0.527046)])
        expect(model, 3, [])
    }

    @Test func jaccardTiesGoByKey() {
        // Raters: A = {u0, u1}, B = {u0, u1, u2}, C = {u1, u2}.
        // A–B: 2 / 3; A–C: 1 / 3; B–C: 2 / 3 — B's two neighbours tie, A's key sorts first.
        let model = neighbors { $0.similarity = .jaccard }
        expect(model, 0, [(1, 2 / 3), (2, 1 / 3)])
        expect(model, 1, [(0, 2 / 3), (2, 2 / 3)])
        expect(model, 2, [(1, 2 / 3), (0, 1 / 3)])
    }

    @Test func pearson() {
        // Means: A = 1.5, B = 5/3, C = 2; centred over (u0, u1, u2), missing = 0:
        // A = (-½, ½, 0), B = (⅓, -⅔, ⅓), C = (0, 1, -1).
        // |A| = √½, |B| = √(6/9), |C| = √2.
        // A·B = -⅙ - ⅓ = -½ → -½ / (√½·√(6/9)) = -0.866025 (dropped by the threshold)
        // A·C = ½ → ½ / (√½·√2) = 0.5
        // B·C = -⅔ - ⅓ = -1 → -1 / (√(6/9)·√2) = -0.866025 (dropped)
        let model = neighbors { $0.similarity = .pearson }
        expect(model, 0, [(2, 0.5)])
        expect(model, 1, [])
        expect(model, 2, [(0, 0.5)])
        // With the threshold at -1 the negative ones stay; B's two tie, A's key first.
        let all = neighbors {
            $0.similarity = .pearson
            $0.threshold = -1
        }
        expect(all, 0, [(2, 0.5), (1, -0.866025)])
        expect(all, 1, [(0, -0.866025), (2, -0.866025)])
    }

    @Test func shrinkageFavoursMoreCoRaters() {
        // λ = 2: A–B has 2 co-raters: 0.596285 · 2/4 = 0.298142;
        // A–C has 1: 0.848528 · 1/3 = 0.282843 — so B now ranks above C for A.
        // B–C has 2: 0.527046 · 2/4 = 0.263523.
        let model = neighbors { $0.shrinkage = 2 }
        expect(model, 0, [(1, 0.298142), (2, 0.282843)])
        expect(model, 1, [(0, 0.298142), (2, 0.263523)])
    }

    @Test func keepsOnlyTheTopK() {
        let model = neighbors { $0.neighbors = 1 }
        expect(model, 0, [(2, 0.848528)])
        expect(model, 1, [(0, 0.596285)])
        expect(model, 2, [(0, 0.848528)])
        #expect(model.neighborLinks == 3)
    }

    @Test func thresholdDropsWeakSimilarities() {
        // B–C (0.527) falls below 0.55; A–B (0.596) stays.
        let model = neighbors { $0.threshold = 0.55 }
        expect(model, 0, [(2, 0.848528), (1, 0.596285)])
        expect(model, 1, [(0, 0.596285)])
        expect(model, 2, [(0, 0.848528)])
    }

    @Test func equalSimilaritiesGoByKeyNotIndex() {
        // Keys run opposite to indices. Item 0 = (5, 3, 3) over (u0, u1, u2),
        // item 1 = (0, 3, 0), item 2 = (0, 0, 3): cos(0, 1) = cos(0, 2) = 9 / (√43 · 3).
        let data = ratingData(
            keys: ["Z", "Y", "X"], users: 3, ratings: [(0, 0, 5), (1, 0, 3), (1, 1, 3), (2, 0, 3), (2, 2, 3)])
        let model = CollaborativeFilter(options: options()).fit(data)
        let sim = 9 / (Float(43).squareRoot() * 3)
        expect(model, 0, [(2, sim), (1, sim)])
    }

    @Test func outOfRangeItemHasNoNeighbors() {
        let model = neighbors()
        #expect(model.neighbors(of: -1).isEmpty)
        #expect(model.neighbors(of: 4).isEmpty)
    }
}
