/// The parts of Core ML's `Model` message (coremltools `mlmodel/format/Model.proto`)
/// an item-similarity recommender uses: the specification version, the model
/// description, and the `itemSimilarityRecommender` model type.
///
/// The field numbers are in `CoreMLSpec+Encoding.swift`; the README section
/// "Core ML export" says where they were looked up.
struct CoreMLSpec: Sendable, Equatable {
    /// Core ML specification version 4 (iOS 13, macOS 10.15) is the first with
    /// `ItemSimilarityRecommender`.
    static let recommenderSpecificationVersion: Int32 = 4

    /// `Model.specificationVersion`.
    var specificationVersion: Int32
    /// `Model.description`.
    var modelDescription: ModelDescription
    /// `Model.itemSimilarityRecommender`, the `Type` oneof's case for this model.
    var recommender: ItemSimilarityRecommender

    init(
        specificationVersion: Int32, modelDescription: ModelDescription, recommender: ItemSimilarityRecommender
    ) {
        self.specificationVersion = specificationVersion
        self.modelDescription = modelDescription
        self.recommender = recommender
    }

    /// `ModelDescription`: the input and output features and the metadata.
    struct ModelDescription: Sendable, Equatable {
        var inputs: [FeatureDescription]
        var outputs: [FeatureDescription]
        /// The main output (`predictedFeatureName`).
        var predictedFeatureName: String
        /// The output holding scores (`predictedProbabilitiesName`).
        var predictedProbabilitiesName: String
        var metadata: Metadata

        init(
            inputs: [FeatureDescription], outputs: [FeatureDescription], predictedFeatureName: String,
            predictedProbabilitiesName: String, metadata: Metadata
        ) {
            self.inputs = inputs
            self.outputs = outputs
            self.predictedFeatureName = predictedFeatureName
            self.predictedProbabilitiesName = predictedProbabilitiesName
            self.metadata = metadata
        }
    }

    /// `Metadata`: what Xcode shows on the model's page.
    struct Metadata: Sendable, Equatable {
        var shortDescription: String
        var versionString: String
        var author: String
        var license: String
        /// `userDefined`: free key/value pairs, written sorted by key.
        var userDefined: [String: String]

        init(
            shortDescription: String, versionString: String, author: String, license: String,
            userDefined: [String: String]
        ) {
            self.shortDescription = shortDescription
            self.versionString = versionString
            self.author = author
            self.license = license
            self.userDefined = userDefined
        }
    }

    /// `FeatureDescription`: one input or output.
    struct FeatureDescription: Sendable, Equatable {
        var name: String
        var shortDescription: String
        var type: FeatureType

        init(name: String, shortDescription: String, type: FeatureType) {
            self.name = name
            self.shortDescription = shortDescription
            self.type = type
        }
    }

    /// `FeatureType` (FeatureTypes.proto), limited to the kinds a recommender uses.
    struct FeatureType: Sendable, Equatable {
        /// A dictionary key or a sequence element: `Int64FeatureType` or `StringFeatureType`.
        enum Scalar: Sendable, Equatable {
            case int64
            case string
        }

        /// The `Type` oneof.
        enum Kind: Sendable, Equatable {
            case int64
            case double
            case string
            /// `DictionaryFeatureType`: keys of this type, `double` values.
            case dictionary(key: Scalar)
            /// `SequenceFeatureType`.
            case sequence(of: Scalar)
        }

        var kind: Kind
        /// `isOptional`: the caller may leave the feature out.
        var isOptional: Bool

        init(_ kind: Kind, isOptional: Bool = false) {
            self.kind = kind
            self.isOptional = isOptional
        }
    }

    /// `ItemSimilarityRecommender` (ItemSimilarityRecommender.proto).
    ///
    /// Core ML scores a candidate item k for the input items i with ratings
    /// r_i as `Σ_i sim(i, k) · (r_i − shift_k)`, where `sim(i, k)` is the
    /// score of k in i's `similarItemList` (0 when k is not in it) and
    /// `shift_k` is k's `itemScoreAdjustment`.
    struct ItemSimilarityRecommender: Sendable, Equatable {
        /// `ConnectedItem`: a neighbour and its similarity.
        struct ConnectedItem: Sendable, Equatable {
            /// Index into `itemStringIDs`.
            var itemID: UInt64
            var similarity: Double

            init(itemID: UInt64, similarity: Double) {
                self.itemID = itemID
                self.similarity = similarity
            }
        }

        /// `SimilarItems`: one item's neighbours.
        struct SimilarItems: Sendable, Equatable {
            /// Index into `itemStringIDs`.
            var itemID: UInt64
            var similarItems: [ConnectedItem]
            /// `itemScoreAdjustment` (`shift` in the scoring rule); 0 here.
            var scoreAdjustment: Double

            init(itemID: UInt64, similarItems: [ConnectedItem], scoreAdjustment: Double = 0) {
                self.itemID = itemID
                self.similarItems = similarItems
                self.scoreAdjustment = scoreAdjustment
            }
        }

        /// `itemItemSimilarities`.
        var similarities: [SimilarItems]
        /// `itemStringIds`: the item keys, by item index.
        var itemStringIDs: [String]
        var itemInputFeatureName: String
        var numRecommendationsInputFeatureName: String
        var itemRestrictionInputFeatureName: String
        var itemExclusionInputFeatureName: String
        var recommendedItemListOutputFeatureName: String
        var recommendedItemScoreOutputFeatureName: String

        init(
            similarities: [SimilarItems], itemStringIDs: [String], itemInputFeatureName: String,
            numRecommendationsInputFeatureName: String, itemRestrictionInputFeatureName: String,
            itemExclusionInputFeatureName: String, recommendedItemListOutputFeatureName: String,
            recommendedItemScoreOutputFeatureName: String
        ) {
            self.similarities = similarities
            self.itemStringIDs = itemStringIDs
            self.itemInputFeatureName = itemInputFeatureName
            self.numRecommendationsInputFeatureName = numRecommendationsInputFeatureName
            self.itemRestrictionInputFeatureName = itemRestrictionInputFeatureName
            self.itemExclusionInputFeatureName = itemExclusionInputFeatureName
            self.recommendedItemListOutputFeatureName = recommendedItemListOutputFeatureName
            self.recommendedItemScoreOutputFeatureName = recommendedItemScoreOutputFeatureName
        }
    }
}
