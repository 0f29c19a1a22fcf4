/// The settings of `bookrec recommend`, `bookrec run JOB.json` and `Job`,
/// checked before any work: every problem of the job file, a filter key
/// beside a model file, members without mail settings, missing inputs and an
/// unwritable output folder are reported together.
package enum JobSettings {
    /// The job file at `path` applied over default settings, with the
    /// problems of its keys (and a missing `inputs`) not yet thrown, so that
    /// the command line can be applied over it before everything is checked.
    /// - Throws: `ConfigError` only when the file cannot be read or is not a JSON object.
    package static func read(jobFile path: String) throws(ConfigError) -> (RunSettings, [ConfigError.Problem]) {
        var (settings, problems) = try JobFile.read(path, over: RunSettings())
        if settings.inputs.isEmpty, !problems.contains(where: { $0.path.hasPrefix("$.inputs") }) {
            problems.append(.init(path: "$.inputs", message: "missing: no inputs to read"))
        }
        return (settings, problems)
    }

    /// The settings with their inputs expanded, once nothing is wrong.
    /// - Parameters:
    ///   - problems: what was found so far (`read(jobFile:)`).
    ///   - jobFile: the job file the settings came from, if any: its filter
    ///     keys beside a model file are problems too.
    ///   - origin: how a problem names a setting's key (`$.out`, `--out`).
    /// - Throws: `ConfigError` with every problem, in `jobFile` or `command line`.
    package static func checked(
        _ settings: RunSettings, problems: [ConfigError.Problem], jobFile: String?,
        origin: @escaping (_ key: String) -> String
    ) throws(ConfigError) -> RunSettings {
        var problems = problems
        let file = jobFile ?? "command line"
        if settings.modelFile != nil, let jobFile { problems += FitSettings.problems(inJobFile: jobFile) }
        if settings.members != nil, settings.mail == nil {
            problems.append(
                .init(
                    path: origin("members"),
                    message: "a members file needs the job's \"mail\" settings (from, organizer)"))
        }
        var result = settings
        do {
            result = try Preflight(origin: origin, file: file).check(settings)
        } catch {
            problems += error.problems
        }
        guard problems.isEmpty else { throw ConfigError(file: file, problems: problems) }
        return result
    }
}
