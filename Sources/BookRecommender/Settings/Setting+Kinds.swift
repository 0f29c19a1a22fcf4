/// Constructors for the common kinds of setting, so the table in
/// `Setting+All.swift` says only what differs: names, range, and the field set.
extension Setting {
    /// A free-form string; `check` returns nil to reject it.
    static func string(
        _ flag: String?, _ jobKey: String?, expected: String,
        _ set: @escaping @Sendable (inout RunSettings, String) -> Bool
    ) -> Setting {
        Setting(flag: flag, jobKey: jobKey, kind: .string, expected: expected) { settings, value in
            guard case .string(let text) = value, !text.isEmpty, set(&settings, text) else { return expected }
            return nil
        }
    }

    /// One of `T`'s raw values.
    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ flag: String?, _ jobKey: String?, _ type: T.Type, _ set: @escaping @Sendable (inout RunSettings, T) -> Void
    ) -> Setting where T.RawValue == String {
        let expected = T.allCases.map(\.rawValue).joined(separator: ", ")
        return string(flag, jobKey, expected: expected) { settings, text in
            guard let choice = T(rawValue: text) else { return false }
            set(&settings, choice)
            return true
        }
    }

    static func integer(
        _ flag: String?, _ jobKey: String?, minimum: Int, _ set: @escaping @Sendable (inout RunSettings, Int) -> Void
    ) -> Setting {
        Setting(flag: flag, jobKey: jobKey, kind: .integer(minimum: minimum), expected: "a whole number ≥ \(minimum)") {
            settings, value in
            guard case .integer(let number) = value else { return "a whole number" }
            set(&settings, number)
            return nil
        }
    }

    static func number(
        _ flag: String?, _ jobKey: String?, minimum: Double,
        _ set: @escaping @Sendable (inout RunSettings, Double) -> Void
    ) -> Setting {
        Setting(flag: flag, jobKey: jobKey, kind: .number(minimum: minimum), expected: "a number ≥ \(minimum)") {
            settings, value in
            guard case .number(let number) = value else { return "a number" }
            set(&settings, number)
            return nil
        }
    }

    /// On the command line a flag that sets `flagValue`; in a job file true or false.
    static func boolean(
        _ flag: String?, _ jobKey: String?, flagValue: Bool,
        _ set: @escaping @Sendable (inout RunSettings, Bool) -> Void
    ) -> Setting {
        Setting(flag: flag, jobKey: jobKey, kind: .boolean(flagValue: flagValue), expected: "true or false") {
            settings, value in
            guard case .boolean(let flag) = value else { return "true or false" }
            set(&settings, flag)
            return nil
        }
    }
}
