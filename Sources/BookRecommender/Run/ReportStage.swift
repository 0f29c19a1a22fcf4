import Foundation

/// The report stage of a run: every reader's files, rendered and written on
/// the run's worker threads (`ReaderFiles`), then the club digest; for a
/// shard, the part's compact data for `bookrec merge` (`PartFile`) instead
/// of the digest.
///
/// File stems come from every user id of the input (`RatingData.userIDs`),
/// not only this run's: a shard reads the whole input, so it names its
/// readers' files exactly as the merged run will (`SafeFileName` adds a hash
/// suffix only for ids that clash with another id, in whichever shard that
/// one lands).
struct ReportStage {
    /// What the model and the enrichment stage produced for this run's users.
    struct Inputs {
        /// The run's readers in the run's own item numbering (their ratings
        /// after duplicates were resolved), whichever model scored them.
        var rated: ReaderRows
        var assembler: PickAssembler
        /// This run's users (all, or one shard's), and their lists (same order).
        var users: [Int]
        var lists: [[Recommendation]]
        var enrichments: [String: Enrichment]
        var totals: ReportTotals
    }

    let settings: RunSettings
    let log: Log

    /// Writes the reports (or, with `--no-reports`, a shard's tally alone)
    /// into `folder`; returns `index.html`, or nil when there is none.
    /// - Throws: `ReportError`, or `CancellationError` when the run's task was cancelled meanwhile.
    func run(_ inputs: Inputs, into folder: URL, cancellation: CancellationFlag) throws -> URL? {
        let data = inputs.assembler.data
        let order = inputs.users.indices.sorted {
            data.userIDs[inputs.users[$0]].utf8.lexicographicallyPrecedes(data.userIDs[inputs.users[$1]].utf8)
        }
        let users = order.map { inputs.users[$0] }
        let lists = order.map { inputs.lists[$0] }
        let (assembler, rated) = (inputs.assembler, inputs.rated)
        let enrichments = assembler.enrichmentsByItem(inputs.enrichments)
        let picks: @Sendable (Int) -> UserPicks = { position in
            let user = users[position]
            return assembler.userPicks(
                user, list: lists[position], ratings: rated.ratings(of: user), enrichments: enrichments)
        }
        guard settings.writeReports else {
            var tally = ClubTally()
            for position in users.indices { tally.add(picksOf: picks(position)) }
            try PartFile.write(summaries: nil, tally: tally, in: folder)
            return nil
        }

        let allStems = SafeFileName.stems(for: data.userIDs)
        let stems = users.map { allStems[$0] }
        let reportFolder = try ReportFolder(folder)
        let files = ReaderFiles(
            folder: reportFolder, threads: settings.model.threads, notices: inputs.totals.notice != nil)
        let readers = ReaderFiles.Readers(count: users.count, stem: { stems[$0] }, picks: picks)
        guard var written = try files.write(readers, stop: { cancellation.isCancelled }) else {
            throw CancellationError()
        }
        written.tally.add(assembler.ratingTally(of: users) { rated.ratings(of: $0) })
        log.info("report", "readers", ["users": String(users.count)])
        if settings.shard != nil {
            try PartFile.write(summaries: written.summaries, tally: written.tally, in: reportFolder.root)
            return nil
        }
        return try ReportWriter.writeDigest(
            written.summaries, tally: written.tally, totals: inputs.totals, in: reportFolder)
    }
}
