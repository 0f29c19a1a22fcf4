extension Ratings {
    /// Reads rating exports the way `bookrec recommend` reads its INPUTs, for
    /// a program that fits its own `BookModel`: files, folders (a club: a file
    /// is a member, a subfolder a member with several exports) and patterns;
    /// each file's format is detected (Goodreads, StoryGraph, LibraryThing,
    /// Book-Crossing, ratings CSV and XML) unless `format` is given. A bad
    /// record is skipped and counted in `records.rejected`; every record read
    /// is used, shelved, blank or rejected.
    /// - Parameters:
    ///   - catalog: a goodbooks-style `books.csv` with titles, authors and covers.
    ///   - threads: how many threads may parse one big ratings file (the result
    ///     is the same for any count).
    /// - Returns: the ratings, and the accounting of every record read.
    /// - Throws: `IngestError` for an input that does not exist, a pattern
    ///   that matches nothing, or two inputs that would be one member.
    public static func read(
        _ inputs: [String], format: InputFormat? = nil, catalog: String? = nil, threads: Int = 1
    ) throws(IngestError) -> (ratings: Ratings, records: RecordCounts) {
        let files = try InputExpansion.files(for: inputs, format: format)
        let catalogFile = try catalog.map { path throws(IngestError) in try InputExpansion.file(path) }
        var settings = RunSettings()
        settings.format = format
        settings.model.threads = threads
        let result = try IngestStage(settings: settings, log: Log()).read(
            files, catalog: catalogFile, plan: .parse(policy: .skip), rejects: RejectLog(streamingTo: nil))
        return (Ratings(data: result.data, items: result.items), result.totals)
    }
}
