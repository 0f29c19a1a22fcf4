import BookRecommender

extension FitSettings {
    /// Refuses a fit setting given as a flag beside a model file (`model`
    /// names where the model came from: `--model` or `$.model`).
    /// - Throws: `UsageError.conflictingOptions` for the first fit setting among the flags.
    static func checkFlags(_ parsed: ArgumentParser.Parsed, model: String) throws(UsageError) {
        guard let flag = names.first(where: parsed.has) else { return }
        throw .conflictingOptions("--\(flag)", model, reason: reason)
    }
}
