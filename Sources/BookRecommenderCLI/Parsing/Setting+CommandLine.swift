import BookRecommender

/// The command-line side of the settings table (`Setting.all`): each
/// setting's flag as a parser option, and its value read from the flag's text.
extension Setting {
    /// The command-line options these settings give a command.
    static var parserOptions: [ArgumentParser.Option] {
        all.compactMap { setting in
            setting.flag.map { flag in
                if case .boolean = setting.kind { return ArgumentParser.Option(flag, takesValue: false) }
                return ArgumentParser.Option(flag)
            }
        }
    }

    /// Applies every settings flag found on a command line.
    /// - Throws: `UsageError.invalidValue` naming the flag.
    static func apply(_ parsed: ArgumentParser.Parsed, to settings: inout RunSettings) throws(UsageError) {
        for setting in all {
            guard let flag = setting.flag, let text = parsed.value(flag) else { continue }
            guard let value = setting.value(fromFlag: text) else {
                throw .invalidValue(option: "--\(flag)", value: text, expected: setting.expected)
            }
            if let expected = setting.set(value, on: &settings) {
                throw .invalidValue(option: "--\(flag)", value: text, expected: expected)
            }
        }
    }

    /// Converts a command-line string to this setting's type.
    /// - Returns: nil when the string is not of the type.
    func value(fromFlag text: String) -> SettingValue? {
        switch kind {
        case .string: .string(text)
        case .strings: .strings([text])
        case .integer: Int(text).map(SettingValue.integer)
        case .number: Double(text).flatMap { $0.isFinite ? SettingValue.number($0) : nil }
        case .boolean(let flagValue): .boolean(flagValue)
        case .object: nil
        }
    }
}
