extension Setting {
    /// Every setting of `recommend` and `run`, in the order `--help` lists them.
    public static let all: [Setting] = [
        Setting(flag: nil, jobKey: "name", kind: .string, expected: "a name") { settings, value in
            guard case .string(let name) = value else { return "a string" }
            settings.name = name
            return nil
        },
        Setting(flag: nil, jobKey: "inputs", kind: .strings, expected: "files or folders") { settings, value in
            guard case .strings(let inputs) = value, !inputs.isEmpty else { return "at least one input" }
            settings.inputs = inputs
            return nil
        },
        Setting(flag: "format", jobKey: "format", kind: .string, expected: formatChoices) { settings, value in
            guard case .string(let name) = value else { return formatChoices }
            if name == "auto" {
                settings.format = nil
            } else if let format = InputFormat(rawValue: name) {
                settings.format = format
            } else {
                return formatChoices
            }
            return nil
        },
        Setting(flag: "columns", jobKey: "columns", kind: .string, expected: "user=C,item=C,rating=C") {
            settings, value in
            guard case .string(let text) = value, let columns = ColumnMap(parsing: text) else {
                return "user=C,item=C,rating=C"
            }
            settings.columns = columns
            return nil
        },
        Setting(flag: "catalog", jobKey: "catalog", kind: .string, expected: "a books.csv file") { settings, value in
            guard case .string(let path) = value, !path.isEmpty else { return "a books.csv file" }
            settings.catalog = path
            return nil
        },
        Setting(flag: "top", jobKey: "top", kind: .integer(minimum: 1), expected: "a whole number ≥ 1") {
            settings, value in
            guard case .integer(let top) = value else { return "a whole number" }
            settings.model.top = top
            return nil
        },
        Setting(flag: "out", jobKey: "out", kind: .string, expected: "a folder") { settings, value in
            guard case .string(let path) = value, !path.isEmpty else { return "a folder" }
            settings.out = path
            return nil
        },
        Setting(flag: "threads", jobKey: "threads", kind: .integer(minimum: 1), expected: "a whole number ≥ 1") {
            settings, value in
            guard case .integer(let threads) = value else { return "a whole number" }
            settings.model.threads = threads
            return nil
        },
        Setting(flag: "on-bad-record", jobKey: "onBadRecord", kind: .string, expected: "skip or fail") {
            settings, value in
            guard case .string(let name) = value, let policy = BadRecordPolicy(rawValue: name) else {
                return "skip or fail"
            }
            settings.onBadRecord = policy
            return nil
        },
        Setting(flag: "no-enrich", jobKey: "enrich", kind: .boolean(flagValue: false), expected: "true or false") {
            settings, value in
            guard case .boolean(let enrich) = value else { return "true or false" }
            settings.enrich = enrich
            return nil
        },
        Setting(
            flag: "min-ratings", jobKey: "minRatings", kind: .integer(minimum: 1), expected: "a whole number ≥ 1"
        ) { settings, value in
            guard case .integer(let count) = value else { return "a whole number" }
            settings.model.minRatings = count
            return nil
        },
        Setting(flag: "neighbors", jobKey: "neighbors", kind: .integer(minimum: 1), expected: "a whole number ≥ 1") {
            settings, value in
            guard case .integer(let count) = value else { return "a whole number" }
            settings.model.neighbors = count
            return nil
        },
    ]

    static let formatChoices = "auto, " + InputFormat.allCases.map(\.rawValue).joined(separator: ", ")

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
}
