import BookRecommender
import Foundation

/// The `bookrec` command line: parses arguments, runs a command, returns the exit code.
public enum CLI {
    /// `bookrec --version`: the library's version, as model files record it.
    static let version = BookRecommenderVersion.current

    /// Runs `bookrec` with the process's arguments and exits with its status.
    public static func main() async -> Never {
        exit(await run(CommandLine.arguments))
    }

    /// Runs `bookrec` with `arguments` (program name first) and returns its exit status.
    /// Help and results go to stdout; errors to stderr with the usage line for usage errors.
    public static func run(_ arguments: [String]) async -> Int32 {
        let log = Log(
            quiet: arguments.contains("--quiet"), format: logFormat(in: arguments) ?? .text, sink: .standardError)
        do {
            try await dispatch(Array(arguments.dropFirst()), log: log)
            return ExitStatus.ok.rawValue
        } catch {
            let status = ExitStatus.of(error)
            if status != .ok { report(error, status: status, log: log) }
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
            let (settings, parsed) = try settings(for: command, rest)
            if parsed.has("dry-run") { return print(try DryRun(settings: settings).plan(), terminator: "") }
            let outcome = try await interruptible(log: log) {
                try await JobRunner(settings: settings, log: log, exitGuard: Interruption.shared).run()
            }
            if !log.quiet { print(outcome.resultLine) }
            if !outcome.unusable.isEmpty { throw RunError.inputsUnusable(outcome.unusable) }
        case "merge":
            if rest.contains("--help") { return print(Usage.merge) }
            let command = try MergeCommand(arguments: rest, log: log)
            let line = try await interruptible(log: log) { try await command.run() }
            if !log.quiet { print(line) }
        case "train":
            if rest.contains("--help") { return print(Usage.train) }
            let line =
                rest.contains("--join")
                ? try TrainJoinCommand(arguments: rest).run(log: log) : try TrainCommand(arguments: rest).run(log: log)
            if !log.quiet { print(line, terminator: "") }
        case "inspect":
            if rest.contains("--help") { return print(Usage.inspect) }
            let parsed = try ArgumentParser(options: inspectOptions).parse(rest)
            guard !parsed.positionals.isEmpty || parsed.has("model") else {
                throw UsageError.missingArgument("INPUT (or --model FILE)")
            }
            var settings = RunSettings()
            try Setting.apply(parsed, to: &settings)
            settings.inputs = parsed.positionals
            let report = try Inspection(settings: settings).run()
            print(report.text)
            if !report.unusable.isEmpty { throw RunError.unusableFiles(paths: report.unusable.map(\.path)) }
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

    /// Options every long-running command takes besides its settings.
    static let behaviourOptions = [
        ArgumentParser.Option("quiet", takesValue: false), ArgumentParser.Option("log-format"),
    ]
    static let runOptions =
        Setting.parserOptions + behaviourOptions + [ArgumentParser.Option("dry-run", takesValue: false)]
    static let inspectOptions = Setting.parserOptions.filter {
        ["format", "columns", "rating-scale", "catalog", "model"].contains($0.name)
    }

    /// The settings of `recommend INPUT...` or `run JOB.json`, command-line flags
    /// last, checked before any work: every problem of the job file, missing
    /// inputs and an unwritable output folder are reported together. A filter
    /// setting beside a model file (see `FitSettings`) is a usage error as a
    /// flag and one more problem as a job key.
    static func settings(for command: String, _ arguments: [String]) throws -> (RunSettings, ArgumentParser.Parsed) {
        let parsed = try ArgumentParser(options: runOptions).parse(arguments)
        try checkLogFormat(parsed)
        var settings = RunSettings()
        var problems: [ConfigError.Problem] = []
        var file = "command line"
        if command == "run" {
            guard let job = parsed.positionals.first else { throw UsageError.missingArgument("JOB.json") }
            guard parsed.positionals.count == 1 else {
                throw UsageError.tooManyArguments(parsed.positionals.dropFirst().joined(separator: " "))
            }
            guard FileManager.default.fileExists(atPath: job) else {
                throw IngestError.cannotRead(path: job, reason: "no such job file")
            }
            file = job
            (settings, problems) = try JobFile.read(job, over: settings)
            if settings.inputs.isEmpty, !problems.contains(where: { $0.path.hasPrefix("$.inputs") }) {
                problems.append(.init(path: "$.inputs", message: "missing: no inputs to read"))
            }
        } else {
            guard !parsed.positionals.isEmpty else { throw UsageError.missingArgument("INPUT") }
            settings.inputs = parsed.positionals
        }
        try Setting.apply(parsed, to: &settings)
        if settings.modelFile != nil {
            try FitSettings.checkFlags(parsed, model: parsed.has("model") ? "--model" : "$.model")
            if command == "run" { problems += FitSettings.problems(inJobFile: file) }
        }
        let origin = { (key: String) -> String in
            if let flag = Setting.all.first(where: { $0.jobKey == key })?.flag, parsed.has(flag) { return "--\(flag)" }
            if command == "run" { return "$.\(key)" }
            return key == "inputs" ? "INPUT" : "--\(key)"
        }
        if settings.members != nil, settings.mail == nil {
            problems.append(
                .init(
                    path: origin("members"),
                    message: "a members file needs the job's \"mail\" settings (from, organizer)"))
        }
        do {
            settings = try Preflight(origin: origin, file: file).check(settings)
        } catch {
            problems += error.problems
        }
        guard problems.isEmpty else { throw ConfigError(file: file, problems: problems) }
        return (settings, parsed)
    }

    /// `--log-format` as given anywhere on the line (so that even a usage error
    /// is logged in the chosen format), or nil.
    static func logFormat(in arguments: [String]) -> Log.Format? {
        for (index, argument) in arguments.enumerated() {
            if argument.hasPrefix("--log-format=") { return Log.Format(rawValue: String(argument.dropFirst(13))) }
            if argument == "--log-format", index + 1 < arguments.count {
                return Log.Format(rawValue: arguments[index + 1])
            }
        }
        return nil
    }

    /// - Throws: `UsageError.invalidValue` for a `--log-format` other than text or json.
    static func checkLogFormat(_ parsed: ArgumentParser.Parsed) throws(UsageError) {
        guard let value = parsed.value("log-format"), Log.Format(rawValue: value) == nil else { return }
        throw .invalidValue(option: "--log-format", value: value, expected: "text or json")
    }

    /// Runs `body` in a task that SIGINT and SIGTERM cancel (see `Interruption`).
    /// - Throws: what `body` throws, or `Interrupted` when a signal stopped it
    ///   (the `CancellationError` of the cancelled run among them).
    static func interruptible<T: Sendable>(
        log: Log, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let holder = TaskHolder()
        Interruption.shared.install(log: log) { holder.cancel() }
        let task = Task { try await body() }
        holder.hold { task.cancel() }
        do {
            return try await task.value
        } catch {
            if let signal = Interruption.shared.signal {
                Interruption.shared.settle()
                throw Interrupted(signal: signal)
            }
            throw error
        }
    }

    /// Prints why the command failed: `bookrec: …` lines, or one JSON event per
    /// line with `--log-format json`; usage errors add the usage line.
    static func report(_ error: any Error, status: ExitStatus, log: Log) {
        if log.format == .json {
            for line in "\(error)".split(separator: "\n") {
                log.error("bookrec", "failed", ["exit": String(status.rawValue), "message": String(line)])
            }
        } else {
            FileHandle.standardError.write(Data("bookrec: \(error)\n".utf8))
        }
        if status == .usage { FileHandle.standardError.write(Data((Usage.line + "\n").utf8)) }
    }
}
