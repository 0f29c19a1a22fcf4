/// How the lookup of one book ended. Encoded as one string:
/// `"ok"`, `"not-found"`, `"failed: <reason>"` or `"skipped: <reason>"`.
enum EnrichmentStatus: Sendable, Equatable, Codable, CustomStringConvertible {
    /// Google Books had the book; the other fields hold what it said.
    case ok
    /// Every query answered, none with a matching volume.
    case notFound
    /// A query failed (HTTP error, timeout, bad answer, quota); the reason says which.
    case failed(String)
    /// No query was sent (offline, no API key, quota already exhausted, nothing to search by).
    case skipped(String)

    /// Why every book is skipped in a run with `--no-enrich`.
    static let enrichmentOff = "enrichment is off (--no-enrich)"
    /// Why a book with neither an ISBN nor a title and author is skipped.
    static let nothingToSearchBy = "no ISBN, nor title and author, to search by"

    /// Whether a later run looks the book up again: every failed lookup, and
    /// every skipped one but those no run would send (enrichment off, nothing
    /// to search by). Answers that were found, or not found, are cached.
    var waits: Bool {
        switch self {
        case .ok, .notFound: false
        case .failed: true
        case .skipped(let reason): reason != Self.enrichmentOff && reason != Self.nothingToSearchBy
        }
    }

    /// The string form: `ok`, `not-found`, `failed: …` or `skipped: …`.
    var description: String {
        switch self {
        case .ok: "ok"
        case .notFound: "not-found"
        case .failed(let reason): "failed: \(reason)"
        case .skipped(let reason): "skipped: \(reason)"
        }
    }

    /// Parses the string form; `nil` for anything else.
    init?(text: String) {
        switch text {
        case "ok": self = .ok
        case "not-found": self = .notFound
        default:
            if text.hasPrefix("failed: ") {
                self = .failed(String(text.dropFirst("failed: ".count)))
            } else if text.hasPrefix("skipped: ") {
                self = .skipped(String(text.dropFirst("skipped: ".count)))
            } else {
                return nil
            }
        }
    }

    /// - Throws: `DecodingError.dataCorrupted` when the string is none of the four forms.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let status = EnrichmentStatus(text: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown enrichment status \"\(text)\"")
        }
        self = status
    }

    /// - Throws: whatever the encoder throws for a single string.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
