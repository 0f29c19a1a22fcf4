/// Why parts of a split training (`bookrec train --part`) could not be
/// written or joined. Every case names the part file at fault.
package enum TrainingPartError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A part file cannot be opened or read (exit 66).
    case cannotRead(path: String, reason: String)
    /// The file is not a part file: a model file, or something else (exit 65).
    case notAPart(path: String, isModel: Bool)
    /// The part file is damaged or inconsistent (exit 65).
    case corrupt(path: String, reason: String)
    /// `path` was not made like `reference`: `what` (inputs, settings,
    /// block layout, bookrec version, part count) differs, as `detail` says (exit 65).
    case mismatch(path: String, reference: String, what: String, detail: String)
    /// Two files hold the same part (exit 65).
    case duplicatePart(index: Int, count: Int, first: String, second: String)
    /// Some parts of `count` were not given (exit 66): they failed or have not run.
    case missingParts(count: Int, missing: [Int])
    /// An option given beside `--join` is not what the parts were trained
    /// with (`fixed`), or one given beside `--prepared` not what the input was
    /// prepared with (`byPrepared`) (exit 64).
    case optionDisagrees(option: String, given: String, fixed: String, byPrepared: Bool)
    /// A prepared input (`bookrec train --prepare`) cannot be opened or read (exit 66).
    case cannotReadPrepared(path: String, reason: String)
    /// The file is not a prepared input (exit 65).
    case notPrepared(path: String)
    /// The prepared input is damaged, or was prepared by another bookrec (exit 65).
    case corruptPrepared(path: String, reason: String)

    package var description: String {
        switch self {
        case .cannotRead(let path, let reason): "\(path): cannot read the training part: \(reason)"
        case .notAPart(let path, let isModel):
            isModel
                ? "\(path): a model file, not a training part (write parts with 'bookrec train --part I/N')"
                : "\(path): not a bookrec training part (it lacks the part signature)"
        case .corrupt(let path, let reason): "\(path): the training part is damaged: \(reason)"
        case .mismatch(let path, let reference, let what, let detail):
            "\(path): does not belong with \(reference): other \(what) (\(detail)); train every part the same way"
        case .duplicatePart(let index, let count, let first, let second):
            "\(second): part \(index)/\(count) again (already given as \(first))"
        case .missingParts(let count, let missing):
            "parts \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) are missing; "
                + "train them (or wait for them) and join again"
        case .optionDisagrees(let option, let given, let fixed, let byPrepared):
            "'--\(option) \(given)' disagrees with "
                + (byPrepared ? "the prepared input, prepared with \(fixed)" : "the parts, trained with \(fixed)")
        case .cannotReadPrepared(let path, let reason): "\(path): cannot read the prepared input: \(reason)"
        case .notPrepared(let path):
            "\(path): not a prepared input (write one with 'bookrec train INPUT... --prepare --model FILE')"
        case .corruptPrepared(let path, let reason): "\(path): the prepared input is damaged: \(reason)"
        }
    }
}

extension BookModelError {
    /// What is wrong with a part file or prepared input that failed a model
    /// file's checks, without the path and the model file's wording: their
    /// own errors (`TrainingPartError.corrupt`, `.corruptPrepared`) name the file.
    var damage: String {
        switch self {
        case .corrupt(_, let reason): reason
        case .truncated(_, let size, let expected): "truncated: \(size) of \(expected) bytes"
        case .newerVersion(_, let version, let supported):
            "format \(version) is newer than this bookrec reads (\(supported))"
        default: description
        }
    }
}
