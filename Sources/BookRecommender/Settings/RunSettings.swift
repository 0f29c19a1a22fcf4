import Foundation

/// What to do with a record that cannot be used.
enum BadRecordPolicy: String, Sendable, Codable, CaseIterable {
    /// Write it to `rejects.csv` and go on.
    case skip
    /// Stop the run with exit 65, naming file, line and reason.
    case fail
}

/// Every setting of a `recommend` or `run`: defaults, then the job file, then
/// the command line, each overriding the one before.
package struct RunSettings: Sendable, Equatable {
    /// The job's name (job files only), used in logs.
    var name: String?
    /// Files and folders to read.
    package var inputs: [String] = []
    /// `inputs` as given, before patterns were expanded (set by the checks
    /// before a run); nil when they were not expanded. `ListSettings` compares these.
    var inputsAsGiven: [String]?
    /// The format of every input, or nil to detect each file's own.
    var format: InputFormat?
    /// Column names for generic ratings files.
    var columns: ColumnMap?
    /// The rating scale of every generic ratings file (CSV and XML), or nil to
    /// detect each file's (a ratings XML's own `scale` first).
    var ratingScale: RatingScale?
    /// A goodbooks-style `books.csv` with titles, authors and covers.
    var catalog: String?
    /// The output folder.
    var out: String = "output"
    /// What to do with a record that cannot be used (`--on-bad-record`).
    var onBadRecord: BadRecordPolicy = .skip
    /// False with `--no-reports`: only `summary.json` and `rejects.csv` are
    /// written (for benchmarks and dry runs of the model).
    var writeReports = true
    /// A file of books never to recommend (one ISBN or item id per line).
    var exclude: String?
    /// A file of the only books that may be recommended (e.g. a library's holdings).
    var only: String?
    /// A model file written by `bookrec train` to score with instead of
    /// fitting on the inputs (`--model`); its filter settings are used.
    package var modelFile: String?
    /// Where to write the fitted model as Core ML (`books.json` beside it);
    /// job files only (`exportCoreML`).
    var exportCoreML: String?
    /// Complete runs kept in `OUT/runs/`; older ones are removed.
    package var keepRuns = 7
    /// `--shard I/N`: write reports only for this shard's users, into `OUT/parts/`.
    var shard: Shard?
    /// The members file (`--members`): who gets `mail/<member>.eml`.
    var members: String?
    /// The job's `mail` settings: From, the organizer, the subject.
    var mail: MailSettings?
    /// Google Books lookups.
    var enrich = EnrichSettings()
    /// The filter and scoring settings.
    package var model = ModelOptions()

    /// The defaults of `bookrec recommend`.
    package init() {}
}

extension RunSettings {
    /// The files of `inputs` with their members (`InputExpansion`, as every command reads them).
    /// - Throws: `IngestError` as `InputExpansion.files(for:format:columns:)`.
    func inputFiles() throws(IngestError) -> [InputFile] {
        try InputExpansion.files(for: inputs, format: format, columns: columns)
    }

    /// The `--catalog` file, if one is set.
    /// - Throws: `IngestError.cannotRead` when it does not exist.
    func catalogFile() throws(IngestError) -> InputFile? {
        try catalog.map { path throws(IngestError) in try InputExpansion.file(path) }
    }
}
