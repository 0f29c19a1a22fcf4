import Foundation

/// A whole job from Swift, as `bookrec run JOB.json` runs it: the settings
/// of a job file in, a committed run folder and its summary out.
///
/// ```swift
/// let job = try Job(file: "jobs/nightly.json")
/// let result = try await job.run(log: Log(sink: LogSink { line in print(line, terminator: "") }))
/// print(result.folder.path, result.records.used)
/// ```
///
/// The job file holds the settings `bookrec run` reads (docs/usage.md):
/// `inputs`, `out`, `top`, `model`, `mail`, …, relative paths taken from the
/// file's folder. A job runs under the output folder's lock, stages its run
/// in a hidden folder and makes it `latest` only once it is whole.
public struct Job: Sendable {
    let settings: RunSettings

    /// The job file at `path`, checked as `bookrec run` checks it before any work.
    /// - Throws: `ConfigError` listing every problem: unknown keys, wrong
    ///   types and bad values by JSON path, filter keys beside a model file,
    ///   missing inputs, an output folder that cannot be written.
    public init(file path: String) throws(ConfigError) {
        let (settings, problems) = try JobSettings.read(jobFile: path)
        self.settings = try JobSettings.checked(settings, problems: problems, jobFile: path) { "$.\($0)" }
    }

    /// Runs the job. Cancelling the task that runs it stops it at the next
    /// checkpoint and removes its unfinished folder; `latest` is left as it was.
    /// - Parameter log: where the run logs, one line per event (by default nowhere).
    /// - Returns: the run folder, its summary and the accounting of every record.
    /// - Throws: what stopped the run, with a description naming the file,
    ///   line or setting: the job already running, an input missing or
    ///   refused, a model file missing or damaged, an output that cannot be
    ///   written, or `CancellationError`.
    public func run(log: Log = Log()) async throws -> JobResult {
        let outcome = try await JobRunner(settings: settings, log: log).run()
        return JobResult(
            folder: outcome.report.deletingLastPathComponent(), readers: outcome.users, books: outcome.items,
            records: outcome.records, seconds: outcome.seconds)
    }
}

/// What a finished `Job` produced.
public struct JobResult: Sendable {
    /// The run's folder (`OUT/runs/<time>/`, which `OUT/latest` now names;
    /// a shard's part folder for a job with a shard).
    public let folder: URL
    /// Readers in the ratings.
    public let readers: Int
    /// Books in the ratings.
    public let books: Int
    /// The accounting of every record read: used, without stars by kind, blank, rejected.
    public let records: RecordCounts
    /// Seconds the run took.
    public let seconds: Double

    /// `summary.json`: what the run read, produced and took (schemas/summary.schema.json).
    public var summary: URL { folder.appendingPathComponent("summary.json") }
}
