import Foundation

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
            settings.enrich.enabled = enrich
            return nil
        },
        Setting(flag: "offline", jobKey: "offline", kind: .boolean(flagValue: true), expected: "true or false") {
            settings, value in
            guard case .boolean(let offline) = value else { return "true or false" }
            settings.enrich.offline = offline
            return nil
        },
        Setting(
            flag: "require-enrichment", jobKey: "requireEnrichment", kind: .boolean(flagValue: true),
            expected: "true or false"
        ) { settings, value in
            guard case .boolean(let required) = value else { return "true or false" }
            settings.enrich.required = required
            return nil
        },
        Setting(flag: "google-books-url", jobKey: "googleBooksURL", kind: .string, expected: "an http(s) URL") {
            settings, value in
            guard case .string(let text) = value, let url = URL(string: text),
                ["http", "https"].contains(url.scheme ?? ""), url.host != nil
            else { return "an http(s) URL" }
            settings.enrich.baseURL = text
            return nil
        },
        Setting(flag: "rate", jobKey: "rate", kind: .number(minimum: 0.01), expected: "requests per second > 0") {
            settings, value in
            guard case .number(let rate) = value else { return "a number" }
            settings.enrich.rate = rate
            return nil
        },
        Setting(flag: "max-retries", jobKey: "maxRetries", kind: .integer(minimum: 0), expected: "a whole number ≥ 0") {
            settings, value in
            guard case .integer(let count) = value else { return "a whole number" }
            settings.enrich.maxRetries = count
            return nil
        },
        Setting(flag: "country", jobKey: "country", kind: .string, expected: "a two-letter country code") {
            settings, value in
            guard case .string(let code) = value, code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLetter })
            else { return "a two-letter country code" }
            settings.enrich.country = code.uppercased()
            return nil
        },
        Setting(flag: "api-key-env", jobKey: "apiKeyVariable", kind: .string, expected: "an environment variable name")
        {
            settings, value in
            guard case .string(let name) = value, !name.isEmpty,
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else { return "an environment variable name" }
            settings.enrich.apiKeyVariable = name
            return nil
        },
        Setting(flag: "cache", jobKey: "cache", kind: .string, expected: "a folder") { settings, value in
            guard case .string(let path) = value, !path.isEmpty else { return "a folder" }
            settings.enrich.cache = path
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
