import BookRecommenderTestSupport
import Foundation
import Testing

@testable import BookRecommender

@Suite struct CoreMLSpecTests {
    static let trainedAt = Date(timeIntervalSince1970: 1_750_000_000)

    static func spec(_ data: RatingData, _ change: (inout ModelOptions) -> Void = { _ in }) -> CoreMLSpec {
        CoreMLExport.spec(
            model: bookModel(CollaborativeFilter(options: options(change)).fit(data), data, trainedAt: trainedAt))
    }

    /// 40 users rating some of 25 books, seeded.
    static let synthetic: RatingData = {
        var random = SeededRandom(seed: 7)
        var ratings: [(user: Int32, item: Int32, rating: Float)] = []
        for user in 0..<40 {
            for item in 0..<25 where Int.random(in: 0..<3, using: &random) == 0 {
                ratings.append((Int32(user), Int32(item), Float(Int.random(in: 1...5, using: &random))))
            }
        }
        return ratingData(keys: (0..<25).map { String(format: "978%010d", $0 * 7) }, users: 40, ratings: ratings)
    }()

    @Test func theWholeSpecRoundTripsThroughTheDecoder() throws {
        for spec in [Self.spec(workedExample), Self.spec(Self.synthetic) { $0.similarity = .pearson }] {
            let decoded = try CoreMLSpec(decoding: spec.serialized)
            #expect(decoded == spec)
        }
    }

    @Test func theModelStartsWithSpecificationVersion4AndIsAnItemSimilarityRecommender() throws {
        let bytes = Self.spec(workedExample).serialized
        #expect(bytes.prefix(2) == [0x08, 0x04])
        let numbers = try ProtobufReader.fields(of: bytes).map(\.number)
        #expect(numbers == [1, 2, 501])
    }

    @Test func featuresAreNamedAndTypedAsCreateMLDoes() {
        let description = Self.spec(workedExample).modelDescription
        #expect(description.inputs.map(\.name) == ["items", "k", "restrict_", "exclude"])
        #expect(
            description.inputs.map(\.type) == [
                .init(.dictionary(key: .string)), .init(.int64), .init(.sequence(of: .string), isOptional: true),
                .init(.sequence(of: .string), isOptional: true),
            ])
        #expect(description.outputs.map(\.name) == ["recommendations", "scores"])
        #expect(description.outputs.map(\.type) == [.init(.sequence(of: .string)), .init(.dictionary(key: .string))])
        #expect(description.predictedFeatureName == "recommendations")
        #expect(description.predictedProbabilitiesName == "scores")
        let recommender = Self.spec(workedExample).recommender
        #expect(
            [
                recommender.itemInputFeatureName, recommender.numRecommendationsInputFeatureName,
                recommender.itemRestrictionInputFeatureName, recommender.itemExclusionInputFeatureName,
                recommender.recommendedItemListOutputFeatureName, recommender.recommendedItemScoreOutputFeatureName,
            ] == ["items", "k", "restrict_", "exclude", "recommendations", "scores"])
    }

    @Test func anOptionalStringSequenceHasTheExpectedBytes() {
        // FeatureDescription.type (3) = FeatureType { sequenceType (7) { stringType (3) {} }, isOptional (1000) true }
        let expected: [UInt8] = [0x1A, 0x07, 0x3A, 0x02, 0x1A, 0x00, 0xC0, 0x3E, 0x01]
        let bytes = Self.spec(workedExample).serialized
        #expect(bytes.indices.contains { Array(bytes[$0...].prefix(expected.count)) == expected })
    }

    @Test func metadataCarriesTheTrainingDateSettingsAndCounts() {
        let metadata = Self.spec(workedExample) { $0.similarity = .jaccard }.modelDescription.metadata
        #expect(metadata.author == "bookrec \(BookRecommenderVersion.current)")
        #expect(metadata.versionString == "2025-06-15")
        #expect(!metadata.shortDescription.isEmpty && !metadata.license.isEmpty)
        #expect(metadata.userDefined["trainingDate"] == "2025-06-15T15:06:40Z")
        #expect(metadata.userDefined["similarity"] == "jaccard")
        #expect(metadata.userDefined["neighbors"] == "64")
        #expect(metadata.userDefined["items"] == "4")
        #expect(metadata.userDefined["users"] == "5")
        #expect(metadata.userDefined["ratings"] == "8")
        // What an app passes in `items` for a book without stars.
        #expect(metadata.userDefined["weights"] == "read=5.0,reading=4.5,to-read=4.0,unrated=5.0,loan=5.0")
    }

    @Test func everyItemCarriesTheBatchRunsNeighbourListBestFirst() {
        let model = CollaborativeFilter(options: options { $0.neighbors = 5 }).fit(Self.synthetic)
        let spec = CoreMLExport.spec(model: bookModel(model, Self.synthetic, trainedAt: Self.trainedAt))
        #expect(spec.recommender.itemStringIDs == Self.synthetic.itemKeys)
        #expect(spec.recommender.similarities.map(\.itemID) == (0..<25).map(UInt64.init))
        for entry in spec.recommender.similarities {
            let expected = model.neighbors(of: Int32(entry.itemID))
            #expect(entry.similarItems.map(\.itemID) == expected.map { UInt64($0.item) })
            #expect(entry.similarItems.map(\.similarity) == expected.map { Double($0.similarity) })
            #expect(entry.scoreAdjustment == 0)
        }
        // D is rated only by a user who rated nothing else: listed, with no neighbours.
        #expect(Self.spec(workedExample).recommender.similarities[3].similarItems.isEmpty)
    }

    /// Core ML's documented rule, `Σ_i sim(i, k) · (r_i − shift_k)` over the
    /// input items, applied to the spec, ranks every user's filter picks as
    /// `recommendAll` does (sum scoring; ties by item key).
    @Test(arguments: [Similarity.cosine, .jaccard, .pearson])
    func coreMLsScoringRuleOnTheSpecGivesTheBatchPicks(similarity: Similarity) throws {
        let data = Self.synthetic
        let model = CollaborativeFilter(options: options { $0.similarity = similarity }).fit(data)
        let spec = try CoreMLSpec(
            decoding: CoreMLExport.spec(model: bookModel(model, data, trainedAt: Self.trainedAt)).serialized)
        let lists = model.recommendAll()
        for user in 0..<data.userCount {
            let rated = model.ratings(of: Int32(user))
            let picks = lists[user].filter { !$0.fallback }
            var scores: [UInt64: Double] = [:]
            for (item, rating) in rated {
                for neighbor in spec.recommender.similarities[Int(item)].similarItems {
                    let shift = spec.recommender.similarities[Int(neighbor.itemID)].scoreAdjustment
                    scores[neighbor.itemID, default: 0] += neighbor.similarity * (Double(rating) - shift)
                }
            }
            for (item, _) in rated { scores[UInt64(item)] = nil }
            let ranked = scores.filter { $0.value > 0 }.sorted {
                abs($0.value - $1.value) > 1e-9
                    ? $0.value > $1.value : data.itemKeys[Int($0.key)] < data.itemKeys[Int($1.key)]
            }
            #expect(Array(ranked.prefix(picks.count).map { Int32($0.key) }) == picks.map(\.item), "user \(user)")
            for (pick, score) in zip(picks, ranked) { #expect(abs(Double(pick.score) - score.value) < 1e-4) }
        }
    }

    @Test func theBytesAreTheSameForAnyThreadCount() {
        let one = Self.spec(Self.synthetic) { $0.threads = 1 }.serialized
        let three = Self.spec(Self.synthetic) { $0.threads = 3 }.serialized
        #expect(one == three)
    }
}
