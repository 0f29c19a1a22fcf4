import Foundation

/// The filter settings a model file fixes. `similarity`, `neighbors`,
/// `threshold`, `shrinkage` and `weights` shape the neighbour lists, so a run with a
/// model uses the model's; one given beside a model file is refused (64 as a
/// flag, 78 in a job file) rather than silently ignored. Scoring settings
/// (`top`, `minRatings`, `exclude`, `only`, `threads`) stay the run's.
package enum FitSettings {
    /// Their flags and job keys (the same names).
    package static let names = ["similarity", "neighbors", "threshold", "shrinkage", "weights"]

    package static let reason = "the model file fixes the filter's settings (train a new model to change them)"

    /// A problem for each fit setting the job file at `path` sets; none when
    /// the file cannot be read as an object (`JobFile` reports that).
    static func problems(inJobFile path: String) -> [ConfigError.Problem] {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
            case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: data)
        else { return [] }
        return names.filter { object[$0] != nil }.map { .init(path: "$.\($0)", message: "not with a model: \(reason)") }
    }
}
