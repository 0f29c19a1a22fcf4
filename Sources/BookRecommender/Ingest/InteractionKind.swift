/// What a reader did with a book when the record carries no stars: every such
/// book is signal the filter learns from (with the strength
/// `InteractionWeights` gives its kind), and none is ever recommended back.
public enum InteractionKind: UInt8, Sendable, CaseIterable, Codable {
    /// On the reader's "read" shelf, without a rating.
    case read = 1
    /// On the "currently reading" shelf.
    case reading = 2
    /// On a "to-read" shelf or wishlist.
    case toRead = 3
    /// Had without stars and without a shelf: a 0 on a scale that starts above 0
    /// (Book-Crossing's implicit rating), an empty rating, or a row of a file
    /// that has no rating column.
    case unrated = 4
    /// Borrowed from a library (each loan counts).
    case loan = 5

    /// The name used in `--weights`, job files, `summary.json` and reports.
    public var name: String {
        switch self {
        case .read: "read"
        case .reading: "reading"
        case .toRead: "to-read"
        case .unrated: "unrated"
        case .loan: "loan"
        }
    }

    /// The kind named `name` (as `name` spells it), or nil.
    public init?(name: String) {
        guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }

    /// The kind a reading-app shelf name stands for: `read`, `currently-reading`,
    /// `to-read` and their spellings across Goodreads, StoryGraph and LibraryThing
    /// (case, spaces and punctuation ignored); nil for any other shelf.
    static func shelf(_ text: String) -> InteractionKind? {
        let letters = String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic })
        switch letters {
        case "read", "finished", "haveread", "readbutunowned", "didnotfinish", "dnf": return .read
        case "currentlyreading", "reading", "inprogress": return .reading
        case "toread", "wanttoread", "wishlist", "tbr", "toberead": return .toRead
        default: return nil
        }
    }

    /// The kind of the first shelf in a list of them (`Your library, Currently
    /// reading`, `meus-livros, currently-reading`) that `shelf(_:)` knows, or nil.
    static func firstShelf(in list: some StringProtocol) -> InteractionKind? {
        for part in list.split(separator: ",") {
            if let kind = shelf(String(part)) { return kind }
        }
        return nil
    }
}
