import Foundation

/// The report stage of a run: every reader's files, rendered and written on
/// the run's worker threads (`ReaderFiles`), then the club digest; for a
/// shard, the part's compact data for `bookrec merge` (`PartFile`) instead
/// of the digest, and its readers' own files straight into the folder all
/// shards share (`RunHistory.partsRun`), which the merge turns into the run.
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
        /// `totals.lastDigest` is the run's comparison with the last digest.
        var totals: ReportTotals
        /// Marks what is new since the last digest; nil compares nothing.
        var comparer: ListComparer?
        /// The settings `lists.tsv` names; nil writes none.
        var listSettings: ListSettings?
        /// The run's mails; nil writes none.
        var mail: RunMail?
    }

    /// What the stage wrote besides the files.
    struct Outcome {
        /// `index.html`, or nil for a shard or a run without reports.
        var index: URL?
        /// What changed since the last digest, summed over the readers; nil without a comparison.
        var changes: DigestChanges?
    }

    let settings: RunSettings
    let log: Log

    /// Writes the reports (or, with `--no-reports`, a shard's tally alone)
    /// into `folder`, the readers' own files into `readersFolder`.
    /// - Throws: `ReportError`, or `CancellationError` when the run's task was cancelled meanwhile.
    func run(
        _ inputs: Inputs, into folder: URL, readersInto readersFolder: URL, cancellation: CancellationFlag
    ) throws -> Outcome {
        let data = inputs.assembler.data
        let order = inputs.users.indices.sorted {
            data.userIDs[inputs.users[$0]].utf8.lexicographicallyPrecedes(data.userIDs[inputs.users[$1]].utf8)
        }
        let users = order.map { inputs.users[$0] }
        let lists = order.map { inputs.lists[$0] }
        let (assembler, rated, comparer) = (inputs.assembler, inputs.rated, inputs.comparer)
        let enrichments = assembler.enrichmentsByItem(inputs.enrichments)
        let picks: @Sendable (Int) -> UserPicks = { position in
            let user = users[position]
            var picks = assembler.userPicks(
                user, list: lists[position], rows: rated, enrichments: enrichments)
            if let comparer {
                picks.sinceLastDigest = comparer.compare(&picks, in: rated, reader: user)
            }
            return picks
        }
        guard settings.writeReports else {
            var tally = ClubTally()
            for position in users.indices { tally.add(picksOf: picks(position)) }
            try PartFile.write(summaries: nil, tally: tally, in: folder)
            return Outcome()
        }

        let allStems = SafeFileName.stems(for: data.userIDs)
        let stems = users.map { allStems[$0] }
        let reportFolder = try ReportFolder(folder, readersIn: readersFolder)
        let files = ReaderFiles(
            folder: reportFolder, threads: settings.model.threads, notices: inputs.totals.notice != nil,
            lists: inputs.listSettings, mail: inputs.mail)
        let readers = ReaderFiles.Readers(count: users.count, stem: { stems[$0] }, picks: picks)
        guard var written = try files.write(readers, stop: { cancellation.isCancelled }) else {
            throw CancellationError()
        }
        written.tally.add(assembler.ratingTally(of: users) { rated.ratings(of: $0) })
        log.info(
            "report", "readers",
            ["users": String(users.count), "mails": String(written.summaries.count { $0.mailed })])
        let changes = inputs.totals.lastDigest.map { DigestChanges($0, members: written.summaries) }
        if settings.shard != nil {
            try PartFile.write(summaries: written.summaries, tally: written.tally, in: reportFolder.root)
            return Outcome(changes: changes)
        }
        let index = try ReportWriter.writeDigest(
            written.summaries, tally: written.tally, totals: inputs.totals, in: reportFolder, mail: inputs.mail)
        return Outcome(index: index, changes: changes)
    }
}
