/// One setting shared by the command line and job files: its flag, its job
/// key, its type, and how it changes `RunSettings`.
///
/// Keeping both spellings in one table means a new setting cannot be added to
/// one and forgotten in the other.
package struct Setting: Sendable {
    package enum Kind: Sendable, Equatable {
        case string
        /// An integer at least this large.
        case integer(minimum: Int)
        /// A number at least this large (an integer is accepted too).
        case number(minimum: Double)
        /// A boolean; on the command line a flag that sets `flagValue`.
        case boolean(flagValue: Bool)
        case strings
        /// A JSON object (job files only); `set` reports each bad member on
        /// a line of its own, `key: message`, which `JobFile` names `$.setting.key`.
        case object
    }

    /// The command-line flag without `--`, or nil when only job files have it.
    package let flag: String?
    /// The key in a job file, or nil when only the command line has it.
    package let jobKey: String?
    package let kind: Kind
    /// What a valid value looks like, for error messages.
    package let expected: String
    let apply: @Sendable (inout RunSettings, SettingValue) -> String?

    /// - Parameter apply: sets the value, or returns why it is invalid.
    init(
        flag: String?, jobKey: String?, kind: Kind, expected: String,
        apply: @escaping @Sendable (inout RunSettings, SettingValue) -> String?
    ) {
        self.flag = flag
        self.jobKey = jobKey
        self.kind = kind
        self.expected = expected
        self.apply = apply
    }

    /// Checks a job-file value's JSON type.
    func accepts(_ value: SettingValue) -> Bool {
        switch (kind, value) {
        case (.string, .string), (.integer, .integer), (.boolean, .boolean), (.strings, .strings), (.number, .number),
            (.number, .integer), (.object, .object):
            true
        default: false
        }
    }

    /// Checks the range and applies the value.
    /// - Returns: why the value is invalid, or nil when it was applied.
    package func set(_ value: SettingValue, on settings: inout RunSettings) -> String? {
        var value = value
        switch (kind, value) {
        case (.integer(let minimum), .integer(let number)) where number < minimum:
            return "at least \(minimum)"
        case (.number, .integer(let number)):
            value = .number(Double(number))
        default:
            break
        }
        if case .number(let minimum) = kind, case .number(let number) = value, number < minimum {
            return "at least \(minimum)"
        }
        return apply(&settings, value)
    }
}
