import BookRecommenderTestSupport
import Testing

@testable import BookRecommender

/// Reads `CoreMLSpec` back from its bytes with `ProtobufReader`, knowing the
/// same field numbers as the encoder, so tests can round-trip a whole model.
/// Unknown fields fail the decoding: the encoder writes none.
extension CoreMLSpec {
    struct DecodingError: Error, CustomStringConvertible {
        var description: String
    }

    init(decoding bytes: [UInt8]) throws {
        var version: Int32 = 0
        var description: ModelDescription?
        var recommender: ItemSimilarityRecommender?
        for field in try ProtobufReader.fields(of: bytes) {
            switch (field.number, field.value) {
            case (1, .varint(let value)): version = Int32(truncatingIfNeeded: value)
            case (2, .lengthDelimited(let payload)): description = try ModelDescription(decoding: payload)
            case (501, .lengthDelimited(let payload)): recommender = try ItemSimilarityRecommender(decoding: payload)
            default: throw DecodingError(description: "Model: unexpected field \(field.number)")
            }
        }
        guard let description, let recommender else { throw DecodingError(description: "Model: missing parts") }
        self.init(specificationVersion: version, modelDescription: description, recommender: recommender)
    }
}

extension CoreMLSpec.ModelDescription {
    init(decoding bytes: [UInt8]) throws {
        var inputs: [CoreMLSpec.FeatureDescription] = []
        var outputs: [CoreMLSpec.FeatureDescription] = []
        var predicted = ""
        var probabilities = ""
        var metadata = CoreMLSpec.Metadata(
            shortDescription: "", versionString: "", author: "", license: "", userDefined: [:])
        for field in try ProtobufReader.fields(of: bytes) {
            switch (field.number, field.value) {
            case (1, .lengthDelimited(let payload)): inputs.append(try .init(decoding: payload))
            case (10, .lengthDelimited(let payload)): outputs.append(try .init(decoding: payload))
            case (11, let value): predicted = try value.text()
            case (12, let value): probabilities = try value.text()
            case (100, .lengthDelimited(let payload)): metadata = try .init(decoding: payload)
            default: throw CoreMLSpec.DecodingError(description: "ModelDescription: unexpected field \(field.number)")
            }
        }
        self.init(
            inputs: inputs, outputs: outputs, predictedFeatureName: predicted,
            predictedProbabilitiesName: probabilities, metadata: metadata)
    }
}

extension CoreMLSpec.Metadata {
    init(decoding bytes: [UInt8]) throws {
        self.init(shortDescription: "", versionString: "", author: "", license: "", userDefined: [:])
        for field in try ProtobufReader.fields(of: bytes) {
            switch (field.number, field.value) {
            case (1, let value): shortDescription = try value.text()
            case (2, let value): versionString = try value.text()
            case (3, let value): author = try value.text()
            case (4, let value): license = try value.text()
            case (100, .lengthDelimited(let payload)):
                let entry = try ProtobufReader.fields(of: payload)
                guard entry.map(\.number) == [1, 2] else {
                    throw CoreMLSpec.DecodingError(description: "Metadata: bad userDefined entry")
                }
                userDefined[try entry[0].value.text()] = try entry[1].value.text()
            default: throw CoreMLSpec.DecodingError(description: "Metadata: unexpected field \(field.number)")
            }
        }
    }
}

extension CoreMLSpec.FeatureDescription {
    init(decoding bytes: [UInt8]) throws {
        var name = ""
        var summary = ""
        var type: CoreMLSpec.FeatureType?
        for field in try ProtobufReader.fields(of: bytes) {
            switch (field.number, field.value) {
            case (1, let value): name = try value.text()
            case (2, let value): summary = try value.text()
            case (3, .lengthDelimited(let payload)): type = try .init(decoding: payload)
            default: throw CoreMLSpec.DecodingError(description: "FeatureDescription: unexpected field")
            }
        }
        guard let type else { throw CoreMLSpec.DecodingError(description: "FeatureDescription \(name): no type") }
        self.init(name: name, shortDescription: summary, type: type)
    }
}

extension CoreMLSpec.FeatureType {
    init(decoding bytes: [UInt8]) throws {
        var kind: Kind?
        var optional = false
        for field in try ProtobufReader.fields(of: bytes) {
            let inner = try field.value.payload.map { try ProtobufReader.fields(of: $0) }
            switch (field.number, inner?.first?.number) {
            case (1, nil): kind = .int64
            case (2, nil): kind = .double
            case (3, nil): kind = .string
            case (6, 1): kind = .dictionary(key: .int64)
            case (6, 2): kind = .dictionary(key: .string)
            case (7, 1): kind = .sequence(of: .int64)
            case (7, 3): kind = .sequence(of: .string)
            case (1000, _): optional = field.value.integer == 1
            default: throw CoreMLSpec.DecodingError(description: "FeatureType: unexpected field \(field.number)")
            }
        }
        guard let kind else { throw CoreMLSpec.DecodingError(description: "FeatureType: no type") }
        self.init(kind, isOptional: optional)
    }
}

extension CoreMLSpec.ItemSimilarityRecommender {
    init(decoding bytes: [UInt8]) throws {
        self.init(
            similarities: [], itemStringIDs: [], itemInputFeatureName: "", numRecommendationsInputFeatureName: "",
            itemRestrictionInputFeatureName: "", itemExclusionInputFeatureName: "",
            recommendedItemListOutputFeatureName: "", recommendedItemScoreOutputFeatureName: "")
        for field in try ProtobufReader.fields(of: bytes) {
            switch (field.number, field.value) {
            case (1, .lengthDelimited(let payload)): similarities.append(try Self.similarItems(payload))
            case (2, .lengthDelimited(let payload)):
                itemStringIDs = try ProtobufReader.fields(of: payload).map { try $0.value.text() }
            case (10, let value): itemInputFeatureName = try value.text()
            case (11, let value): numRecommendationsInputFeatureName = try value.text()
            case (12, let value): itemRestrictionInputFeatureName = try value.text()
            case (13, let value): itemExclusionInputFeatureName = try value.text()
            case (20, let value): recommendedItemListOutputFeatureName = try value.text()
            case (21, let value): recommendedItemScoreOutputFeatureName = try value.text()
            default: throw CoreMLSpec.DecodingError(description: "Recommender: unexpected field \(field.number)")
            }
        }
    }

    static func similarItems(_ bytes: [UInt8]) throws -> SimilarItems {
        var entry = SimilarItems(itemID: 0, similarItems: [])
        for field in try ProtobufReader.fields(of: bytes) {
            switch (field.number, field.value) {
            case (1, .varint(let id)): entry.itemID = id
            case (2, .lengthDelimited(let payload)):
                var connected = ConnectedItem(itemID: 0, similarity: 0)
                for inner in try ProtobufReader.fields(of: payload) {
                    switch (inner.number, inner.value) {
                    case (1, .varint(let id)): connected.itemID = id
                    case (2, .fixed64(let bits)): connected.similarity = Double(bitPattern: bits)
                    default: throw CoreMLSpec.DecodingError(description: "ConnectedItem: unexpected field")
                    }
                }
                entry.similarItems.append(connected)
            case (3, .fixed64(let bits)): entry.scoreAdjustment = Double(bitPattern: bits)
            default: throw CoreMLSpec.DecodingError(description: "SimilarItems: unexpected field")
            }
        }
        return entry
    }
}

extension ProtobufReader.Value {
    /// The value as a string field, or a decoding error.
    func text() throws -> String {
        guard let string else { throw CoreMLSpec.DecodingError(description: "expected a string field") }
        return string
    }
}
