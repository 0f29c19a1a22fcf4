/// Failures of a run as a whole, after its stages did their part.
public enum RunError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--require-enrichment` and books went without it (exit 75: try again later).
    case enrichmentRequired(missing: Int, of: Int)
    /// The inputs held no usable rating at all (exit 65): nothing to recommend from.
    case noRatings(rejected: Int)

    public var description: String {
        switch self {
        case .enrichmentRequired(let missing, let total):
            "\(missing) of \(total) recommended books went without Google Books details, and --require-enrichment "
                + "was given; the reports were written, see summary.json"
        case .noRatings(let rejected):
            "the inputs hold no usable rating (\(rejected) records rejected; run 'bookrec inspect' on them)"
        }
    }
}
