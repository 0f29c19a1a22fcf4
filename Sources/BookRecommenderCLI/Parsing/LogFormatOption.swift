import BookRecommender

/// `--log-format text|json`, which every long-running command takes.
enum LogFormatOption {
    /// `--log-format` as given anywhere on the line (so that even a usage error
    /// is logged in the chosen format), or nil.
    static func scan(_ arguments: [String]) -> Log.Format? {
        for (index, argument) in arguments.enumerated() {
            if argument.hasPrefix("--log-format=") { return Log.Format(rawValue: String(argument.dropFirst(13))) }
            if argument == "--log-format", index + 1 < arguments.count {
                return Log.Format(rawValue: arguments[index + 1])
            }
        }
        return nil
    }

    /// - Throws: `UsageError.invalidValue` for a `--log-format` other than text or json.
    static func check(_ parsed: ArgumentParser.Parsed) throws(UsageError) {
        guard let value = parsed.value("log-format"), Log.Format(rawValue: value) == nil else { return }
        throw .invalidValue(option: "--log-format", value: value, expected: "text or json")
    }
}
