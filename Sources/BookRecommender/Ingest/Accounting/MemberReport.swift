/// One member (person) of the inputs, the files behind them, and what those
/// files gave: what `summary.json` lists, so that a member whose exports
/// could not be used is named, not just missing.
struct MemberReport: Sendable, Equatable, Codable {
    var name: String
    /// The files read for the member, in reading order.
    var files: [String]
    var records: RecordCounts
    /// Why the member's files gave no rating, or nil when they gave one.
    var problem: String?
    /// True when the problem is that the files could not be used (unreadable,
    /// unknown format, every record rejected), not that the member rated nothing.
    var failed: Bool

    init(name: String, files: [String], records: RecordCounts, problem: String?, failed: Bool) {
        self.name = name
        self.files = files
        self.records = records
        self.problem = problem
        self.failed = failed
    }

    /// The members of `files` (per-person exports, and files of no known
    /// format, which may be one), in order of their first file, from how each
    /// file was read (`reports`, same order).
    static func members(of files: [InputFile], reports: [FileReport]) -> [MemberReport] {
        var order: [String] = []
        var byName: [String: (files: [String], reports: [FileReport])] = [:]
        for (file, report) in zip(files, reports) where report.format?.isPerPerson ?? true {
            if byName[file.member] == nil { order.append(file.member) }
            byName[file.member, default: ([], [])].files.append(file.path)
            byName[file.member, default: ([], [])].reports.append(report)
        }
        return order.map { name in
            let (paths, reports) = byName[name] ?? ([], [])
            let records = reports.reduce(RecordCounts()) { $0 + $1.records }
            let (problem, failed) = Self.problem(records: records, reports: reports)
            return MemberReport(name: name, files: paths, records: records, problem: problem, failed: failed)
        }
    }

    /// Why `reports` gave no book to learn from, and whether that is a
    /// failure; nil when they gave a rating or an interaction.
    private static func problem(records: RecordCounts, reports: [FileReport]) -> (String?, Bool) {
        guard records.used == 0 && records.shelved == 0 else { return (nil, false) }
        let errors = reports.compactMap(\.error)
        if !errors.isEmpty { return (errors.joined(separator: "; "), true) }
        if records.rejected > 0 {
            return ("all \(records.rejected) of \(records.read) records were rejected (see rejects.csv)", true)
        }
        return ("the export holds no book", false)
    }
}
