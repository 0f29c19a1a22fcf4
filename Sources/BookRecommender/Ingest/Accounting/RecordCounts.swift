/// The accounting of one file or the whole run: every record read is used
/// (a rating), an interaction (`shelved`, by kind in `interactions`), blank
/// or rejected.
public struct RecordCounts: Sendable, Equatable {
    /// Records read (rows, elements), blank ones included.
    public var read = 0
    /// Star ratings that went into the model.
    public var used = 0
    /// Books a user has without stars (read, to-read, borrowed…): learned
    /// from by their kind's weight, and never recommended to them.
    public var shelved = 0
    /// `shelved`, by kind.
    public var interactions = InteractionCounts()
    /// Rows whose every field is empty (`,,`: spreadsheets leave thousands of
    /// them); counted, not written to `rejects.csv`.
    public var blank = 0
    /// Records written to `rejects.csv`.
    public var rejected = 0

    /// All counts zero.
    public init() {}

    /// The given counts; `interactions` holds every shelved record as `unrated`
    /// unless given.
    public init(
        read: Int, used: Int, shelved: Int, blank: Int = 0, rejected: Int, interactions: InteractionCounts? = nil
    ) {
        self.read = read
        self.used = used
        self.shelved = shelved
        self.blank = blank
        self.rejected = rejected
        self.interactions = interactions ?? InteractionCounts(unrated: shelved)
    }

    /// Counts one interaction of `kind`.
    @inline(__always)
    mutating func add(_ kind: InteractionKind) {
        shelved += 1
        interactions[kind] += 1
    }

    /// True when `read == used + shelved + blank + rejected` and the kinds add up to `shelved`.
    public var balances: Bool {
        read == used + shelved + blank + rejected && interactions.total == shelved
    }

    /// The counts of both, added field by field.
    public static func + (left: RecordCounts, right: RecordCounts) -> RecordCounts {
        RecordCounts(
            read: left.read + right.read, used: left.used + right.used, shelved: left.shelved + right.shelved,
            blank: left.blank + right.blank, rejected: left.rejected + right.rejected,
            interactions: left.interactions + right.interactions)
    }
}

extension RecordCounts: Codable {
    private enum CodingKeys: String, CodingKey {
        case read, used, shelved, interactions, blank, rejected
    }

    /// Files written before interactions had kinds hold no `interactions`:
    /// their shelved records count as `unrated`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            read: try container.decode(Int.self, forKey: .read), used: try container.decode(Int.self, forKey: .used),
            shelved: try container.decode(Int.self, forKey: .shelved),
            blank: try container.decode(Int.self, forKey: .blank),
            rejected: try container.decode(Int.self, forKey: .rejected),
            interactions: try container.decodeIfPresent(InteractionCounts.self, forKey: .interactions))
    }

    /// `interactions` is left out when nothing was shelved, so a file of star
    /// ratings only is described as it always was.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(read, forKey: .read)
        try container.encode(used, forKey: .used)
        try container.encode(shelved, forKey: .shelved)
        if shelved > 0 { try container.encode(interactions, forKey: .interactions) }
        try container.encode(blank, forKey: .blank)
        try container.encode(rejected, forKey: .rejected)
    }
}

/// How many interactions of each kind a file, member or run holds.
public struct InteractionCounts: Sendable, Equatable {
    private var counts = [Int](repeating: 0, count: InteractionKind.allCases.count)

    /// All zero.
    public init() {}

    /// `unrated` interactions of the `unrated` kind, none of the others.
    public init(unrated: Int) {
        self[.unrated] = unrated
    }

    /// The count of `kind`.
    public subscript(kind: InteractionKind) -> Int {
        get { counts[Int(kind.rawValue) - 1] }
        set { counts[Int(kind.rawValue) - 1] = newValue }
    }

    /// Every kind's count added up.
    public var total: Int { counts.reduce(0, +) }

    /// The kinds with a count above zero, in kind order.
    public var nonZero: [(kind: InteractionKind, count: Int)] {
        InteractionKind.allCases.compactMap { self[$0] > 0 ? ($0, self[$0]) : nil }
    }

    /// Both added kind by kind.
    public static func + (left: InteractionCounts, right: InteractionCounts) -> InteractionCounts {
        var sum = left
        for kind in InteractionKind.allCases { sum[kind] += right[kind] }
        return sum
    }
}

extension InteractionCounts: Codable {
    /// An object of the non-zero kinds by name (`{"loan": 12, "read": 3}`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let object = try container.decode([String: Int].self)
        self.init()
        for (name, count) in object {
            guard let kind = InteractionKind(name: name), count >= 0 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "bad interaction \(name)")
            }
            self[kind] = count
        }
    }

    /// Writes the non-zero kinds as an object by name.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(uniqueKeysWithValues: nonZero.map { ($0.kind.name, $0.count) }))
    }
}
