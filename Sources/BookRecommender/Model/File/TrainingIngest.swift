/// What `bookrec train` read, kept in the model file beside the readers'
/// rows: the accounting of every file and member, the rejected records, and
/// the stamp of the inputs (`InputStamp`).
///
/// A run scoring with the model whose inputs have the same stamp (every shard
/// of a sharded run) takes this instead of reading and parsing every input
/// again: with the model's reader ids, books and readers' rows it is the
/// whole of what ingest would give.
struct TrainingIngest: Sendable, Equatable {
    /// The most bytes of rejected rows a model file keeps. A training input
    /// with more rejects gets no `TrainingIngest`, and runs with the model
    /// read their inputs themselves.
    static let rejectLimit = 32 << 20

    /// Everything but the rejected rows, as the model file stores it (JSON).
    struct Accounting: Sendable, Equatable, Codable {
        var stamp: InputStamp
        var files: [FileReport]
        var catalog: RecordCounts?
        /// Nil in a model kept before catalogs noted these.
        var catalogDetail: CatalogCounts?
        var sameBook: SameBookJoin.Summary
        var members: [MemberReport]
        /// How many rows `rejectRows` holds.
        var rejectCount: Int

        /// Whether the counts hold together, as ingest's always do: every
        /// count is in range and every file's, member's and the catalog's
        /// records balance; the rejected records are the files' and the
        /// catalog's; the files used at least the model's `ratings` (a
        /// repeated rating is used, then replaced). A model file is hostile
        /// input, and a run would report these counts as its own.
        func holdsTogether(ratings: Int) -> Bool {
            let counts = files.map(\.records) + members.map(\.records) + (catalog.map { [$0] } ?? [])
            let inRange = counts.allSatisfy { counts in
                [counts.read, counts.used, counts.shelved, counts.blank, counts.rejected].allSatisfy {
                    (0...Int(Int32.max)).contains($0)
                } && counts.balances
            }
            // In range, the sums cannot overflow: the file holds far fewer than 2^32 reports.
            guard inRange else { return false }
            let totals = files.reduce(RecordCounts()) { $0 + $1.records }
            // The model's rows hold at most every rating and interaction the files used.
            return totals.rejected + (catalog?.rejected ?? 0) == rejectCount && totals.used + totals.shelved >= ratings
        }
    }

    var accounting: Accounting
    /// The rejected records as `rejects.csv` rows, without its header.
    var rejectRows: [UInt8]

    init(accounting: Accounting, rejectRows: [UInt8]) {
        self.accounting = accounting
        self.rejectRows = rejectRows
    }

    /// What `result` gave, with `rejects` (a log that collected its rows),
    /// for inputs of `stamp`; nil when the rejects outgrew `rejectLimit`.
    init?(_ result: Ingestor.Result, rejects: RejectLog, stamp: InputStamp) {
        guard let rows = rejects.collectedRows else { return nil }
        accounting = Accounting(
            stamp: stamp, files: result.files, catalog: result.catalog, catalogDetail: result.catalogDetail,
            sameBook: result.sameBook, members: result.members, rejectCount: rejects.count)
        rejectRows = rows
    }

    /// The ingest result of the training inputs, with `model` (the model this
    /// was kept in) giving the readers and books. Its `data` holds no rating
    /// or shelf entries: they are the model's readers' rows
    /// (`Ingestor.Result.keptByModel`).
    func result(of model: BookModel) -> Ingestor.Result {
        var data = RatingData()
        data.userIDs = model.userIDs
        data.itemKeys = model.books.keys
        var result = Ingestor.Result(
            data: data, items: model.books.infos, files: accounting.files, catalog: accounting.catalog,
            sameBook: accounting.sameBook, members: accounting.members)
        result.catalogDetail = accounting.catalogDetail
        result.keptByModel = true
        return result
    }
}
