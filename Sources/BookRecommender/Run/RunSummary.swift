import Foundation

/// `summary.json`: what a run read, what it produced, how long each stage took,
/// and the settings it used. The run date lives here and nowhere else.
struct RunSummary: Codable {
    struct Seconds: Codable {
        var ingest = 0.0
        var model = 0.0
        var recommend = 0.0
        var enrich = 0.0
        var report = 0.0
        var total = 0.0
    }

    struct Settings: Codable {
        var name: String?
        var inputs: [String]
        var format: String
        var columns: ColumnMap?
        var ratingScale: String?
        var catalog: String?
        var top: Int
        var neighbors: Int
        var minRatings: Int
        var threads: Int
        var onBadRecord: BadRecordPolicy
        var reports: Bool
        var similarity: String
        var threshold: Float
        var shrinkage: Float
        var exclude: String?
        var only: String?
        var enrich: Bool
        var offline: Bool
        var requireEnrichment: Bool
        var maxRequests: Int?
        var members: String?
        var mail: MailSettings?
        var out: String

        init(_ settings: RunSettings) {
            name = settings.name
            inputs = settings.inputs
            format = settings.format?.rawValue ?? "auto"
            columns = settings.columns
            ratingScale = settings.ratingScale?.text
            catalog = settings.catalog
            top = settings.model.top
            neighbors = settings.model.neighbors
            minRatings = settings.model.minRatings
            threads = settings.model.threads
            onBadRecord = settings.onBadRecord
            reports = settings.writeReports
            similarity = settings.model.similarity.rawValue
            threshold = settings.model.threshold
            shrinkage = settings.model.shrinkage
            exclude = settings.exclude
            only = settings.only
            enrich = settings.enrich.enabled
            offline = settings.enrich.offline
            requireEnrichment = settings.enrich.required
            maxRequests = settings.enrich.maxRequests
            members = settings.members
            mail = settings.mail
            out = settings.out
        }
    }

    var schemaVersion = 1
    var version = BookRecommenderVersion.current
    var startedAt: String
    var users: Int
    var items: Int
    var records: RecordCounts
    var catalog: RecordCounts?
    /// A MARC catalog's records without ISBN, copies and id clashes.
    var catalogDetail: CatalogCounts?
    var files: [FileReport]
    /// Every member of the per-person exports, with the files behind them.
    var members: [MemberReport]
    /// The members file (`--members`), its rows and the rejected ones; nil without one.
    var membersFile: MembersFileReport?
    /// Ratings replaced by a later rating of the same book by the same user.
    var duplicatesReplaced: Int
    /// Users whose whole list is the popularity fallback.
    var fallbackUsers: Int
    var recommendations: Int
    var enrichment: EnrichmentSummary?
    /// The model file the run scored with; nil when it fitted the model on its inputs.
    var model: ModelSource?
    /// What changed since the last digest; nil for a run without reports.
    var sinceLastDigest: DigestChanges?
    var seconds = Seconds()
    /// The process's peak resident memory, for benchmarks.
    var peakMemoryMB = 0.0
    var settings: Settings

    /// The summary in the same JSON layout as every other report file
    /// (`JSONValue`'s writer): encoded, read back as a `JSONValue`, written out.
    func encoded() throws -> Data {
        let compact = try JSONEncoder().encode(self)
        return try JSONDecoder().decode(JSONValue.self, from: compact).data
    }
}
