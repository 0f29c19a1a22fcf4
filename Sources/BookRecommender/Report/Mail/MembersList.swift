/// What a members file gave: the members who may get mail, and the rows
/// rejected, each with its line and why.
///
/// A rejected row goes to `rejects.csv` (file, line, reason, record, as any
/// rejected input record), to the log and to `summary.json`'s `membersFile`;
/// the digest lists the members it leaves without mail ("no mail: bad
/// members row"). With `--on-bad-record fail` any rejected row stops the run
/// before any work, exit 65 (`MailError.badMembersFile`).
struct MembersList: Sendable, Equatable {
    var path: String
    /// The usable rows, by member id.
    var entries: [String: MembersFile.Entry] = [:]
    /// The rejected rows, in file order.
    var rejected: [MembersFile.Rejected] = []

    init(path: String, entries: [String: MembersFile.Entry] = [:]) {
        self.path = path
        self.entries = entries
    }

    mutating func add(_ entry: MembersFile.Entry) { entries[entry.member] = entry }
    mutating func add(_ row: MembersFile.Rejected) { rejected.append(row) }

    /// Every rejected row as `file:line: reason`.
    var problems: [String] { rejected.map { "\(path):\($0.line): \($0.reason)" } }

    /// The file, its counts and its rejected rows, for `summary.json` and the digest.
    var report: MembersFileReport {
        var listed: Set<String> = []
        let rows = rejected.map { row in
            // A member's first rejected row leaves them without mail unless a row of theirs was taken.
            let noMail = row.member.map { entries[$0] == nil && listed.insert($0).inserted } ?? true
            return MembersFileReport.Row(member: row.member, line: row.line, reason: row.reason, noMail: noMail)
        }
        return MembersFileReport(
            path: path, rows: entries.count + rejected.count, members: entries.count, rejected: rows)
    }

    /// The rejected rows as `rejects.csv` rows.
    var rejectEntries: [RejectLog.Entry] {
        rejected.map { RejectLog.Entry(file: path, line: $0.line, reason: .other($0.reason), record: $0.record) }
    }
}

/// `summary.json`'s `membersFile`: the members file's rows and the rejected ones.
struct MembersFileReport: Sendable, Equatable, Codable {
    /// A rejected row.
    struct Row: Sendable, Equatable, Codable {
        /// The member id the row gives, when it could be read.
        var member: String?
        var line: Int
        var reason: String
        /// True when the row leaves its member (or an unknown one) without
        /// mail; false for a later duplicate of a member who has a usable row,
        /// or of one listed already.
        var noMail: Bool
    }

    var path: String
    /// Rows after the header, blank ones not counted.
    var rows: Int
    /// Rows taken: members who get mail when they have an address and are in the input.
    var members: Int
    var rejected: [Row]

    /// The rows the digest lists as "no mail: bad members row".
    var withoutMail: [Row] { rejected.filter(\.noMail) }
}
