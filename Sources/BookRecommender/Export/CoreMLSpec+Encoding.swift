/// The protobuf encoding of `CoreMLSpec`: the bytes of an `.mlmodel` file.
///
/// Field numbers (coremltools `mlmodel/format/`):
/// - `Model` (Model.proto): specificationVersion 1, description 2,
///   itemSimilarityRecommender 501.
/// - `ModelDescription`: input 1, output 10, predictedFeatureName 11,
///   predictedProbabilitiesName 12, metadata 100.
/// - `Metadata`: shortDescription 1, versionString 2, author 3, license 4,
///   userDefined 100 (a `map<string, string>`: entries with key 1, value 2).
/// - `FeatureDescription`: name 1, shortDescription 2, type 3.
/// - `FeatureType` (FeatureTypes.proto): int64Type 1, doubleType 2,
///   stringType 3, dictionaryType 6, sequenceType 7, isOptional 1000;
///   `DictionaryFeatureType`: int64KeyType 1, stringKeyType 2;
///   `SequenceFeatureType`: int64Type 1, stringType 3.
/// - `ItemSimilarityRecommender` (ItemSimilarityRecommender.proto):
///   itemItemSimilarities 1, itemStringIds 2 (`StringVector`: vector 1),
///   itemInputFeatureName 10, numRecommendationsInputFeatureName 11,
///   itemRestrictionInputFeatureName 12, itemExclusionInputFeatureName 13,
///   recommendedItemListOutputFeatureName 20,
///   recommendedItemScoreOutputFeatureName 21; `SimilarItems`: itemId 1,
///   similarItemList 2, itemScoreAdjustment 3; `ConnectedItem`: itemId 1,
///   similarityScore 2.
///
/// As proto3 serializers do, scalar fields holding their default (0, "",
/// false) are left out, and fields go out in field-number order.
extension CoreMLSpec {
    /// The serialized `Model` message.
    var serialized: [UInt8] {
        var writer = ProtobufWriter()
        if specificationVersion != 0 { writer.int32(1, specificationVersion) }
        writer.message(2) { modelDescription.encode(into: &$0) }
        writer.message(501) { recommender.encode(into: &$0) }
        return writer.bytes
    }
}

extension ProtobufWriter {
    /// A string field, left out when empty (proto3's default).
    fileprivate mutating func nonEmptyString(_ field: Int, _ value: String) {
        if !value.isEmpty { string(field, value) }
    }
}

extension CoreMLSpec.ModelDescription {
    fileprivate func encode(into writer: inout ProtobufWriter) {
        for input in inputs { writer.message(1) { input.encode(into: &$0) } }
        for output in outputs { writer.message(10) { output.encode(into: &$0) } }
        writer.nonEmptyString(11, predictedFeatureName)
        writer.nonEmptyString(12, predictedProbabilitiesName)
        writer.message(100) { metadata.encode(into: &$0) }
    }
}

extension CoreMLSpec.Metadata {
    fileprivate func encode(into writer: inout ProtobufWriter) {
        writer.nonEmptyString(1, shortDescription)
        writer.nonEmptyString(2, versionString)
        writer.nonEmptyString(3, author)
        writer.nonEmptyString(4, license)
        for key in userDefined.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            writer.message(100) { entry in
                entry.string(1, key)
                entry.string(2, userDefined[key]!)
            }
        }
    }
}

extension CoreMLSpec.FeatureDescription {
    fileprivate func encode(into writer: inout ProtobufWriter) {
        writer.nonEmptyString(1, name)
        writer.nonEmptyString(2, shortDescription)
        writer.message(3) { type.encode(into: &$0) }
    }
}

extension CoreMLSpec.FeatureType {
    fileprivate func encode(into writer: inout ProtobufWriter) {
        switch kind {
        case .int64: writer.message(1) { _ in }
        case .double: writer.message(2) { _ in }
        case .string: writer.message(3) { _ in }
        case .dictionary(let key):
            writer.message(6) { $0.message(key == .int64 ? 1 : 2) { _ in } }
        case .sequence(let element):
            writer.message(7) { $0.message(element == .int64 ? 1 : 3) { _ in } }
        }
        if isOptional { writer.bool(1000, true) }
    }
}

extension CoreMLSpec.ItemSimilarityRecommender {
    fileprivate func encode(into writer: inout ProtobufWriter) {
        for item in similarities {
            writer.message(1) { entry in
                if item.itemID != 0 { entry.uint64(1, item.itemID) }
                for neighbor in item.similarItems {
                    entry.message(2) { connected in
                        if neighbor.itemID != 0 { connected.uint64(1, neighbor.itemID) }
                        if neighbor.similarity != 0 { connected.double(2, neighbor.similarity) }
                    }
                }
                if item.scoreAdjustment != 0 { entry.double(3, item.scoreAdjustment) }
            }
        }
        writer.message(2) { vector in
            for id in itemStringIDs { vector.string(1, id) }
        }
        writer.nonEmptyString(10, itemInputFeatureName)
        writer.nonEmptyString(11, numRecommendationsInputFeatureName)
        writer.nonEmptyString(12, itemRestrictionInputFeatureName)
        writer.nonEmptyString(13, itemExclusionInputFeatureName)
        writer.nonEmptyString(20, recommendedItemListOutputFeatureName)
        writer.nonEmptyString(21, recommendedItemScoreOutputFeatureName)
    }
}
