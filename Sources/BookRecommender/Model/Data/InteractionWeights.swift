import Foundation

/// How strongly each kind of interaction counts when the filter learns which
/// books go together (`--weights read=5,to-read=4,loan=5`).
///
/// A star rating counts as its stars (0.5–5 on the common scale); an
/// interaction without stars counts as its kind's weight, on the same scale.
/// By default having read or borrowed a book counts as much as rating it 5
/// stars, and wanting to read it a little less: on the MovieLens holdouts with
/// most stars removed (`docs/interactions.md`) a read counted as 5 beat 3 and 4. A book borrowed `n` times counts `weight · (1 + ln n)`: repeat
/// loans say more than one, with diminishing returns. A weight of 0 keeps the
/// kind out of the fit (its books are still never recommended back).
public struct InteractionWeights: Sendable, Equatable, Codable {
    /// The weight of each kind, by `InteractionKind.rawValue - 1`.
    private var values: [Float]

    /// The documented defaults.
    public init() {
        values = InteractionKind.allCases.map(Self.defaultWeight)
    }

    /// The default weight of `kind`.
    public static func defaultWeight(_ kind: InteractionKind) -> Float {
        switch kind {
        case .read: 5
        case .reading: 4.5
        case .toRead: 4
        case .unrated: 5
        case .loan: 5
        }
    }

    /// The weight of `kind`.
    public subscript(kind: InteractionKind) -> Float {
        get { values[Int(kind.rawValue) - 1] }
        set { values[Int(kind.rawValue) - 1] = newValue }
    }

    /// The strength of `count` interactions of `kind` by one reader with one book.
    @inline(__always)
    func strength(of kind: InteractionKind, count: UInt32) -> Float {
        let weight = self[kind]
        return count > 1 ? weight * (1 + Float(log(Double(count)))) : weight
    }

    /// Parses `kind=weight,…` (any subset of the kinds, each at most once;
    /// weights finite, 0 to 100) over the defaults.
    /// - Returns: nil with no explanation; callers report the whole value.
    public init?(parsing text: String) {
        self.init()
        var seen = Set<InteractionKind>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, let kind = InteractionKind(name: String(pair[0]).trimmingBlanks()),
                seen.insert(kind).inserted, let weight = Float(String(pair[1]).trimmingBlanks()),
                weight.isFinite, (0...100).contains(weight)
            else { return nil }
            self[kind] = weight
        }
    }

    /// `kind=weight` for every kind, in kind order: the form `init(parsing:)` reads.
    public var text: String {
        InteractionKind.allCases.map { "\($0.name)=\(DecimalText.string(Double(self[$0]), places: 4) ?? "0")" }.joined(
            separator: ",")
    }

    /// Reads the `text` form (`read=4.0,…`).
    /// - Throws: `DecodingError.dataCorrupted` when the string is not that form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let weights = InteractionWeights(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not kind=weight,…: \(text)")
        }
        self = weights
    }

    /// Writes the `text` form.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// One interaction record's kind and how many times it happened (a loans
/// file's repeated loans, a `count` column), packed in 32 bits so that
/// `RatingData` keeps 4 bytes per interaction.
struct InteractionTag: Sendable, Equatable, BitwiseCopyable {
    let raw: UInt32

    /// The largest count a tag holds; larger counts are capped.
    static let maxCount: UInt32 = (1 << 28) - 1

    init(_ kind: InteractionKind, count: UInt32 = 1) {
        raw = min(max(1, count), Self.maxCount) << 4 | UInt32(kind.rawValue)
    }

    private init(raw: UInt32) {
        self.raw = raw
    }

    /// Another edition of a work the reader has (see `SameBookJoin`): never
    /// recommended to them, but not learned from, since the reader's own
    /// edition already is.
    static let otherEdition = InteractionTag(raw: 1 << 4)

    /// The kind, or nil for `otherEdition`.
    var kind: InteractionKind? { InteractionKind(rawValue: UInt8(raw & 0xF)) }
    var count: UInt32 { raw >> 4 }
}
