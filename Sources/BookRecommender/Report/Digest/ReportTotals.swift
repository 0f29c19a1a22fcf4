import Foundation

/// Run totals shown in the digest (`index.html` and `digest.txt`).
///
/// Enrichment coverage is not passed in: the digest counts it from the
/// picks' `enrichment` statuses (see `ClubStats.Coverage`).
struct ReportTotals: Sendable, Equatable {
    /// Users in the input.
    var users: Int
    /// Distinct books in the input.
    var books: Int
    /// Star ratings used.
    var ratings: Int
    /// Input records rejected (listed in `rejects.csv`).
    var rejected: Int
    /// Books used without stars (read, to-read, loans, …), by kind.
    var withoutStars: InteractionCounts

    /// A sentence every reader should see first, e.g. why books have no
    /// descriptions ("Google Books could not be reached").
    var notice: String?

    /// The day of the run, `YYYY-MM-DD` (see `day(of:)`), shown in the digest
    /// header only, so every other report stays byte-identical across runs.
    var runDate: String?

    /// The job's name (`demo`), shown in the digest title when set.
    var name: String?

    /// Members whose files gave no rating, each with why: the digest names them.
    var membersWithoutRatings: [MemberReport] = []

    /// Rejected rows of the members file that leave a member without mail:
    /// the digest lists them ("no mail: bad members row").
    var membersWithoutMail: [MembersFileReport.Row] = []

    /// How the run's lists compare with the last digest; nil when the run
    /// did not compare (the digest then says nothing about it).
    var lastDigest: LastDigest?

    init(
        users: Int, books: Int, ratings: Int, rejected: Int, notice: String? = nil, runDate: String? = nil,
        name: String? = nil, membersWithoutRatings: [MemberReport] = [],
        membersWithoutMail: [MembersFileReport.Row] = [], lastDigest: LastDigest? = nil,
        withoutStars: InteractionCounts = InteractionCounts()
    ) {
        self.users = users
        self.books = books
        self.ratings = ratings
        self.rejected = rejected
        self.notice = notice
        self.runDate = runDate
        self.name = name
        self.membersWithoutRatings = membersWithoutRatings
        self.membersWithoutMail = membersWithoutMail
        self.lastDigest = lastDigest
        self.withoutStars = withoutStars
    }

    /// `date` as `YYYY-MM-DD` in UTC: the first ten characters of the
    /// ISO 8601 `startedAt` that `summary.json` holds.
    static func day(of date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}

extension InteractionCounts {
    /// `read 9, to-read 31`: each kind with its count, for the digest.
    var kindList: String {
        nonZero.map { "\($0.kind.name) \($0.count)" }.joined(separator: ", ")
    }
}
