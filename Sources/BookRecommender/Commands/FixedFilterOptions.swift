/// The filter options of a model fixed by an earlier step: by the parts that
/// `train --join` joins, or by the prepared input that `train --prepared`
/// fits a part from. Each option given to the later step must be the fixed
/// one, so a script that passes the same options to every step cannot get a
/// model other than the one it asked for.
package struct FixedFilterOptions {
    /// The filter options a model fixes, which may be given to be checked.
    package static let flags = ["similarity", "neighbors", "threshold", "shrinkage", "weights"]

    /// The options as resolved when they were fixed.
    let options: ModelOptions
    /// `--similarity` as it was given then, before `auto` was resolved.
    let requestedSimilarity: Similarity
    /// Whether a prepared input fixed them (else the parts did), for the message.
    let byPrepared: Bool

    /// - Throws: `TrainingPartError.optionDisagrees` for the first of `given`
    ///   (names from `flags`) whose value in `mine` is not the fixed one:
    ///   `--similarity` may name what was asked for (`auto`) or what was fitted.
    func check(given: [String], in mine: ModelOptions) throws(TrainingPartError) {
        for name in given {
            let (value, fixed) = (Self.text(of: name, in: mine), Self.text(of: name, in: options))
            let asked = name == "similarity" && mine.similarity == requestedSimilarity
            guard value == fixed || asked else {
                throw .optionDisagrees(option: name, given: value, fixed: "--\(name) \(fixed)", byPrepared: byPrepared)
            }
        }
    }

    /// Filter option `name`'s value in `options`, as the command line gives it (a float's text
    /// reads back as the same float, so equal texts are equal values).
    private static func text(of name: String, in options: ModelOptions) -> String {
        switch name {
        case "similarity": options.similarity.rawValue
        case "neighbors": "\(options.neighbors)"
        case "threshold": "\(options.threshold)"
        case "shrinkage": "\(options.shrinkage)"
        default: options.weights.text
        }
    }
}
