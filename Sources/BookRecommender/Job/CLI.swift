import Foundation

/// The `bookrec` command line: parses arguments, runs a command, returns the exit code.
public enum CLI {
    public static let version = "0.1.0"

    /// Runs `bookrec` with `arguments` (program name first) and returns its exit status.
    /// Help and results go to stdout; errors to stderr with the usage line for usage errors.
    public static func run(_ arguments: [String]) async -> Int32 {
        let log = Log(quiet: arguments.contains("--quiet"))
        do {
            try await dispatch(Array(arguments.dropFirst()), log: log)
            return ExitStatus.ok.rawValue
        } catch {
            let status = ExitStatus.of(error)
            if status != .ok {
                FileHandle.standardError.write(Data("bookrec: \(error)\n".utf8))
                if status == .usage { FileHandle.standardError.write(Data((Usage.line + "\n").utf8)) }
            }
            return status.rawValue
        }
    }

    static func dispatch(_ arguments: [String], log: Log) async throws {
        guard let command = arguments.first else {
            print(Usage.overview)
            return
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "--help", "-h":
            print(Usage.overview)
        case "--version":
            print("bookrec \(version)")
        case "help":
            guard let topic = rest.first else { return print(Usage.overview) }
            guard let text = Usage.text(for: topic) else { throw UsageError.unknownCommand(topic) }
            print(text)
        case "recommend", "run":
            if rest.contains("--help") { return print(Usage.text(for: command)!) }
            let settings = try settings(for: command, rest)
            let outcome = try await JobRunner(settings: settings, log: log).run()
            print(outcome.resultLine)
        case "inspect":
            if rest.contains("--help") { return print(Usage.inspect) }
            let parsed = try ArgumentParser(options: inspectOptions).parse(rest)
            guard !parsed.positionals.isEmpty else { throw UsageError.missingArgument("INPUT") }
            var settings = RunSettings()
            try Setting.apply(parsed, to: &settings)
            settings.inputs = parsed.positionals
            print(try Inspection(settings: settings).run())
        case "evaluate":
            if rest.contains("--help") { return print(Usage.evaluate) }
            print(try EvaluateCommand(arguments: rest).run(log: log), terminator: "")
        case "similar":
            if rest.contains("--help") { return print(Usage.similar) }
            print(try SimilarCommand(arguments: rest).run(log: log), terminator: "")
        case "export-coreml":
            if rest.contains("--help") { return print(Usage.exportCoreML) }
            print(try ExportCoreMLCommand(arguments: rest).run(log: log), terminator: "")
        default:
            throw UsageError.unknownCommand(command)
        }
    }

    static let runOptions = Setting.parserOptions + [ArgumentParser.Option("quiet", takesValue: false)]
    static let inspectOptions = Setting.parserOptions.filter { ["format", "columns", "catalog"].contains($0.name) }

    /// The settings of `recommend INPUT...` or `run JOB.json`, command-line flags last.
    static func settings(for command: String, _ arguments: [String]) throws -> RunSettings {
        let parsed = try ArgumentParser(options: runOptions).parse(arguments)
        var settings = RunSettings()
        if command == "run" {
            guard let job = parsed.positionals.first else { throw UsageError.missingArgument("JOB.json") }
            guard parsed.positionals.count == 1 else {
                throw UsageError.tooManyArguments(parsed.positionals.dropFirst().joined(separator: " "))
            }
            guard FileManager.default.fileExists(atPath: job) else {
                throw IngestError.cannotRead(path: job, reason: "no such job file")
            }
            settings = try JobFile.load(job, over: settings)
            guard !settings.inputs.isEmpty else {
                throw ConfigError(file: job, problems: [.init(path: "$.inputs", message: "missing: no inputs to read")])
            }
        } else {
            guard !parsed.positionals.isEmpty else { throw UsageError.missingArgument("INPUT") }
            settings.inputs = parsed.positionals
        }
        try Setting.apply(parsed, to: &settings)
        return settings
    }
}
