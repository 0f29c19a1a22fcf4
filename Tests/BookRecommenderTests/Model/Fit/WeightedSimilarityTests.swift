import Testing

@testable import BookRecommender

/// `Similarity.bm25` and `.tfidf` on a small example worked by hand.
///
/// Books A B C D E (indices 0–4), users u0–u3:
///
///     u0: A=4 B=2        u1: A=1 C=5        u2: B=3 C=3 D=1        u3: D=2 E=4
///
/// idf over 5 books: users with 2 ratings get p = ln 5 − ln 3 = 0.510826,
/// u2 (3 ratings) gets q = ln 5 − ln 4 = 0.223144; p² = 0.260943, q² = 0.049793.
@Suite struct WeightedSimilarityTests {
    private let data = ratingData(
        keys: ["A", "B", "C", "D", "E"], users: 4,
        ratings: [(0, 0, 4), (0, 1, 2), (1, 0, 1), (1, 2, 5), (2, 1, 3), (2, 2, 3), (2, 3, 1), (3, 3, 2), (3, 4, 4)])

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

    @Test func bm25IsTheDotProductOfWeightedRatings() {
        // Rating sums s: A 5, B 5, C 8, D 3, E 4; mean 5. L = 0.25 + 0.75 · s/5:
        // A 1, B 1, C 1.45, D 0.7, E 0.85. Weight r · 2.2 / (1.2 · L + r) · idf:
        //   A: u0 8.8/5.2 = 1.692308 p, u1 2.2/2.2 = 1 p
        //   B: u0 4.4/3.2 = 1.375 p,    u2 6.6/4.2 = 1.571429 q
        //   C: u1 11/6.74 = 1.632047 p, u2 6.6/4.74 = 1.392405 q
        //   D: u2 2.2/1.84 = 1.195652 q, u3 4.4/2.84 = 1.549296 p
        //   E: u3 8.8/5.02 = 1.752988 p
        // Dot products (no normalisation):
        //   A·B = 1.692308 · 1.375 p² = 0.607194    A·C = 1.632047 p² = 0.425871
        //   B·C = 1.571429 · 1.392405 q² = 0.108950  B·D = 1.571429 · 1.195652 q² = 0.093555
        //   C·D = 1.392405 · 1.195652 q² = 0.082897  D·E = 1.549296 · 1.752988 p² = 0.708694
        let model = CollaborativeFilter(options: options { $0.similarity = .bm25 }).fit(data)
        expect(model, 0, [(1, 0.607194), (2, 0.425871)])
        expect(model, 1, [(0, 0.607194), (2, 0.108950), (3, 0.093555)])
        expect(model, 2, [(0, 0.425871), (1, 0.108950), (3, 0.082897)])
        expect(model, 3, [(4, 0.708694), (1, 0.093555), (2, 0.082897)])
        expect(model, 4, [(3, 0.708694)])
    }

    @Test func tfidfIsTheCosineOfWeightedRatings() {
        // Weight √r · idf, vectors over (u0, u1, u2, u3):
        //   A = (2p, p, 0, 0)   B = (√2 p, 0, √3 q, 0)   C = (0, √5 p, √3 q, 0)
        //   D = (0, 0, q, √2 p)  E = (0, 0, 0, 2p)
        // Squared norms: A 5p² = 1.304714, B 2p² + 3q² = 0.671265, C 5p² + 3q² = 1.454093,
        //   D q² + 2p² = 0.571679, E 4p² = 1.043771.
        //   A·B = 2√2 p² = 0.738062 → / √(1.304714 · 0.671265) = 0.788653
        //   A·C = √5 p² = 0.583486 → / √(1.304714 · 1.454093) = 0.423620
        //   B·C = 3q² = 0.149379 → / √(0.671265 · 1.454093) = 0.151198
        //   B·D = √3 q² = 0.086244 → / √(0.671265 · 0.571679) = 0.139222
        //   C·D = √3 q² = 0.086244 → / √(1.454093 · 0.571679) = 0.094593
        //   D·E = 2√2 p² = 0.738062 → / √(0.571679 · 1.043771) = 0.955458
        let model = CollaborativeFilter(options: options { $0.similarity = .tfidf }).fit(data)
        expect(model, 0, [(1, 0.788653), (2, 0.423620)])
        expect(model, 1, [(0, 0.788653), (2, 0.151198), (3, 0.139222)])
        expect(model, 2, [(0, 0.423620), (1, 0.151198), (3, 0.094593)])
        expect(model, 3, [(4, 0.955458), (1, 0.139222), (2, 0.094593)])
        expect(model, 4, [(3, 0.955458)])
    }

    @Test func aUserWhoRatedEveryBookGetsANegativeIDF() {
        // Two books, u0 rated both: idf = ln 2 − ln 3 = −0.405465; u1 rated one: ln 2 − ln 2 = 0.
        // TF-IDF: A = (√4 · w, 0), B = (√2 · w, 0) with w = −0.405465: the signs cancel in
        // A·B / (|A| |B|) = 2√2 w² / (2|w| · √2|w|) = 1.
        let pair = ratingData(keys: ["A", "B"], users: 2, ratings: [(0, 0, 4), (0, 1, 2), (1, 0, 5)])
        let model = CollaborativeFilter(options: options { $0.similarity = .tfidf }).fit(pair)
        expect(model, 0, [(1, 1)])
        expect(model, 1, [(0, 1)])
    }

    @Test func bm25VectorsAreAlignedWithBothMatrices() {
        // A by item: u0 1.692308 p = 0.864474, u1 p = 0.510826.
        // u0 by user: A 0.864474, B 1.375 p = 0.702385. BM25 norms are all 1.
        let matrix = RatingMatrix(data)
        let vectors = ItemVectors(matrix: matrix, similarity: .bm25)
        let itemA = vectors.itemEntries[matrix.byItem.range(of: 0)]
        #expect(itemA.map(\.column) == [0, 1])
        #expect(zip(itemA.map(\.value), [0.864474, 0.510826]).allSatisfy { close($0, $1) })
        let userU0 = vectors.userEntries[matrix.byUser.range(of: 0)]
        #expect(userU0.map(\.column) == [0, 1])
        #expect(zip(userU0.map(\.value), [0.864474, 0.702385]).allSatisfy { close($0, $1) })
        #expect(vectors.norms == [1, 1, 1, 1, 1])
    }

    /// A prepared input stores a weighting's factors; weighing the readers'
    /// rows in place with the weighting rebuilt from them gives the vectors'
    /// values bit for bit. Factors of no weighting's shape are refused.
    @Test(arguments: Similarity.itemItem)
    func aWeightingRebuiltFromItsFactorsWeighsAsTheVectorsDo(similarity: Similarity) throws {
        let matrix = RatingMatrix(data)
        let vectors = ItemVectors(matrix: matrix, similarity: similarity)
        let rebuilt = try #require(ItemVectors.Weighting(vectors.weighting.factors, books: 5, readers: 4))
        #expect(rebuilt.isIdentity == vectors.weighting.isIdentity)
        var rows = matrix.byUser
        rows.weigh(with: rebuilt)
        #expect(rows.entries == vectors.userEntries)
        let refused: [ItemVectors.Weighting.Factors] = [
            .init(means: [], idf: [], lengths: [1, 1, 1, 1, 1]),
            .init(means: [0, 0, 0, 0, 0], idf: [1, 1, 1, 1], lengths: []),
            .init(means: [], idf: [1, 1, 1], lengths: []),
            .init(means: [], idf: [1, 1, .infinity, 1], lengths: []),
            .init(means: [0, .nan, 0, 0, 0], idf: [], lengths: []),
        ]
        for factors in refused { #expect(ItemVectors.Weighting(factors, books: 5, readers: 4) == nil, "\(factors)") }
    }

    @Test(arguments: Similarity.itemItem)
    func vectorsWithoutEntriesHaveTheSameNorms(similarity: Similarity) {
        // The dense kernel asks for norms only; they must match those taken from the weighted entries.
        let matrix = RatingMatrix(data)
        let full = ItemVectors(matrix: matrix, similarity: similarity)
        let bare = ItemVectors(matrix: matrix, similarity: similarity, entries: false)
        #expect(full.itemEntries.count == matrix.byItem.entryCount)
        #expect(bare.itemEntries.isEmpty && bare.userEntries.isEmpty)
        #expect(bare.norms == full.norms)
        let norms = (0..<matrix.itemCount).map { item in
            matrix.byItem.range(of: item).reduce(Float(0)) { sum, index in
                let value = full.itemEntries[index].value
                return sum + value * value
            }.squareRoot()
        }
        if similarity != .bm25 && similarity != .jaccard { #expect(full.norms == norms) }
    }
}
