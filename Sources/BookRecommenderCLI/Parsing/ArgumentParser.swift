/// A small command-line parser: `--name value`, `--name=value`, boolean
/// `--flag`, positionals, and `--` to end options.
///
/// It knows nothing of what the options mean; `RunSettings` interprets them.
struct ArgumentParser: Sendable {
    /// One option a command accepts.
    struct Option: Sendable, Equatable {
        var name: String
        /// True for `--name VALUE`, false for a boolean `--flag`.
        var takesValue: Bool
        /// True when the option may be given more than once (values accumulate).
        var repeatable: Bool

        init(_ name: String, takesValue: Bool = true, repeatable: Bool = false) {
            self.name = name
            self.takesValue = takesValue
            self.repeatable = repeatable
        }
    }

    /// What the parser found, in the order given.
    struct Parsed: Sendable, Equatable {
        var positionals: [String] = []
        /// Values by option name (without `--`); booleans hold `["true"]`.
        var values: [String: [String]] = [:]

        func value(_ name: String) -> String? { values[name]?.last }
        func has(_ name: String) -> Bool { values[name] != nil }
    }

    let options: [Option]

    init(options: [Option]) {
        self.options = options
    }

    /// Parses `arguments` (without the program and command names).
    /// - Throws: `UsageError` for an unknown option, a missing value, a value
    ///   given to a flag, or a non-repeatable option given twice.
    func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var parsed = Parsed()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.positionals.append(contentsOf: arguments[index...])
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.positionals.append(argument)
                continue
            }
            guard argument.hasPrefix("--") else { throw .unknownOption(argument) }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inline: String? = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            guard let option = options.first(where: { $0.name == name }) else { throw .unknownOption("--\(name)") }
            if !option.repeatable, parsed.values[name] != nil { throw .repeatedOption("--\(name)") }
            let value: String
            if option.takesValue {
                if let inline {
                    value = inline
                } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                    value = arguments[index]
                    index += 1
                } else {
                    throw .missingValue("--\(name)")
                }
            } else {
                guard inline == nil else { throw .unexpectedValue("--\(name)") }
                value = "true"
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }
}

/// A command line `bookrec` cannot run (exit 64, with the usage line).
enum UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownCommand(String)
    case unknownOption(String)
    case missingValue(String)
    case unexpectedValue(String)
    case repeatedOption(String)
    case invalidValue(option: String, value: String, expected: String)
    case missingArgument(String)
    case tooManyArguments(String)
    /// Two options that cannot be given together, and why.
    case conflictingOptions(String, String, reason: String)

    var description: String {
        switch self {
        case .unknownCommand(let name): "unknown command '\(name)'"
        case .unknownOption(let name): "unknown option '\(name)'"
        case .missingValue(let name): "option '\(name)' needs a value"
        case .unexpectedValue(let name): "option '\(name)' takes no value"
        case .repeatedOption(let name): "option '\(name)' is given more than once"
        case .invalidValue(let option, let value, let expected):
            "invalid value '\(value)' for '\(option)': expected \(expected)"
        case .missingArgument(let what): "missing \(what)"
        case .tooManyArguments(let what): "too many arguments: \(what)"
        case .conflictingOptions(let first, let second, let reason):
            "'\(first)' cannot be given with '\(second)': \(reason)"
        }
    }
}
