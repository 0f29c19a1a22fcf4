import BookRecommender
import Foundation

/// `bookrec recommend INPUT…` and `bookrec run JOB.json`: the settings
/// (job file, then flags), then the plan with `--dry-run`, else the job.
struct RunCommand {
    /// `recommend` or `run`.
    let name: String
    let settings: RunSettings
    let dryRun: Bool

    static let options =
        Setting.parserOptions + CLI.behaviourOptions + [ArgumentParser.Option("dry-run", takesValue: false)]

    /// - Throws: `UsageError` for a bad command line, `ConfigError` for every
    ///   problem of the job file, the inputs and the output folder together,
    ///   `IngestError` for a job file that does not exist.
    init(_ name: String, arguments: [String]) throws {
        let parsed = try ArgumentParser(options: Self.options).parse(arguments)
        try LogFormatOption.check(parsed)
        self.name = name
        settings = try RunCommandSettings(command: name, parsed: parsed).checked()
        dryRun = parsed.has("dry-run")
    }

    /// Runs the job (or prints the plan) and prints its result line.
    /// - Throws: what `JobRunner.run` throws, `Interrupted` after a signal, and
    ///   `RunError.inputsUnusable` when the run finished but an input was unusable.
    func run(log: Log) async throws {
        if dryRun { return print(try DryRun(settings: settings).plan(), terminator: "") }
        let settings = settings
        let outcome = try await Interruptible.run(log: log) {
            try await JobRunner(settings: settings, log: log, exitGuard: Interruption.shared).run()
        }
        if !log.quiet { print(outcome.resultLine) }
        if !outcome.unusable.isEmpty { throw RunError.inputsUnusable(outcome.unusable) }
    }
}
