/// Failures of a run as a whole, after its stages did their part.
package enum RunError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `--require-enrichment` and books went without it (exit 75: try again later).
    case enrichmentRequired(missing: Int, of: Int)
    /// The inputs held no usable rating at all (exit 65): nothing to recommend from.
    case noRatings(rejected: Int)
    /// The run was written and made `latest`, but some members' files (or
    /// other input files) could not be used (exit 65): a partial run must not
    /// look like a clean one. Each entry is `member NAME` or `file PATH`.
    case inputsUnusable([String])
    /// `inspect` found files that cannot be used at all (exit 65).
    case unusableFiles(paths: [String])

    /// What went wrong, as `bookrec` prints it.
    package var description: String {
        switch self {
        case .enrichmentRequired(let missing, let total):
            "\(missing) of \(total) recommended books went without Google Books details, and --require-enrichment "
                + "was given; the reports were written, see summary.json"
        case .noRatings(let rejected):
            "the inputs hold no usable rating or book read, borrowed or shelved (\(rejected) records rejected; run 'bookrec inspect' on them)"
        case .inputsUnusable(let inputs):
            "the run was written without what could not be used: " + inputs.joined(separator: ", ")
                + "; see summary.json (members, files) and rejects.csv"
        case .unusableFiles(let paths):
            "\(paths.count) file\(paths.count == 1 ? "" : "s") cannot be used: " + paths.joined(separator: ", ")
        }
    }
}
