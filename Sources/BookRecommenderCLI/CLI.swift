import BookRecommender
import Foundation

/// The `bookrec` command line: picks the command, runs it, returns the exit code.
/// Each command parses its own arguments (`Commands/`); the library does the work.
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
            quiet: arguments.contains("--quiet"), format: LogFormatOption.scan(arguments) ?? .text,
            sink: .standardError)
        do {
            try await dispatch(Array(arguments.dropFirst()), log: log)
            return ExitStatus.ok.rawValue
        } catch {
            let status = ExitStatus.of(error)
            if status != .ok { ErrorOutput.report(error, status: status, log: log) }
            return status.rawValue
        }
    }

    /// Options every long-running command takes besides its settings.
    static let behaviourOptions = [
        ArgumentParser.Option("quiet", takesValue: false), ArgumentParser.Option("log-format"),
    ]

    static func dispatch(_ arguments: [String], log: Log) async throws {
        guard let command = arguments.first else { return print(Usage.overview) }
        let rest = Array(arguments.dropFirst())
        if command != "help", rest.contains("--help"), let help = Usage.text(for: command) { return print(help) }
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
            try await RunCommand(command, arguments: rest).run(log: log)
        case "merge":
            let command = try MergeCommand(arguments: rest, log: log)
            let line = try await Interruptible.run(log: log) { try await command.run() }
            if !log.quiet { print(line) }
        case "train":
            let line =
                rest.contains("--join")
                ? try TrainJoinCommand(arguments: rest).join.run(log: log)
                : try TrainCommand(arguments: rest).run(log: log)
            if !log.quiet { print(line, terminator: "") }
        case "inspect":
            try InspectCommand(arguments: rest).run()
        case "evaluate":
            print(try EvaluateCommand(arguments: rest).evaluation.run(log: log), terminator: "")
        case "similar":
            print(try SimilarCommand(arguments: rest).query.run(log: log), terminator: "")
        case "export-coreml":
            print(try ExportCoreMLCommand(arguments: rest).export.run(log: log), terminator: "")
        default:
            throw UsageError.unknownCommand(command)
        }
    }
}
