import BookRecommender
import Foundation

/// The settings of `recommend INPUT...` or `run JOB.json`, command-line flags
/// last, checked before any work (`JobSettings`). A filter setting beside a
/// model file (see `FitSettings`) is a usage error as a flag and one more
/// problem as a job key.
struct RunCommandSettings {
    let command: String
    let parsed: ArgumentParser.Parsed

    /// - Throws: `UsageError`, `ConfigError` (all problems at once), or
    ///   `IngestError.cannotRead` for a job file that does not exist.
    func checked() throws -> RunSettings {
        var settings = RunSettings()
        var problems: [ConfigError.Problem] = []
        var jobFile: String?
        if command == "run" {
            guard let job = parsed.positionals.first else { throw UsageError.missingArgument("JOB.json") }
            guard parsed.positionals.count == 1 else {
                throw UsageError.tooManyArguments(parsed.positionals.dropFirst().joined(separator: " "))
            }
            guard FileManager.default.fileExists(atPath: job) else {
                throw IngestError.cannotRead(path: job, reason: "no such job file")
            }
            jobFile = job
            (settings, problems) = try JobSettings.read(jobFile: job)
        } else {
            guard !parsed.positionals.isEmpty else { throw UsageError.missingArgument("INPUT") }
            settings.inputs = parsed.positionals
        }
        try Setting.apply(parsed, to: &settings)
        if settings.modelFile != nil {
            try FitSettings.checkFlags(parsed, model: parsed.has("model") ? "--model" : "$.model")
        }
        return try JobSettings.checked(settings, problems: problems, jobFile: jobFile, origin: origin)
    }

    /// Where a setting came from, as a problem names it: the flag when one was
    /// given, else the job file's key, else the flag it would take.
    private func origin(_ key: String) -> String {
        if let flag = Setting.all.first(where: { $0.jobKey == key })?.flag, parsed.has(flag) { return "--\(flag)" }
        if command == "run" { return "$.\(key)" }
        return key == "inputs" ? "INPUT" : "--\(key)"
    }
}
