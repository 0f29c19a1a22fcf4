import Foundation

/// The files `ReportWriter` wrote, for logging and the run summary.
struct ReportFiles: Sendable, Equatable {
    /// One user's two pages.
    struct User: Sendable, Equatable {
        /// The original user id.
        var user: String
        /// The file-name stem chosen by `SafeFileName`.
        var stem: String
        var json: URL
        var html: URL
    }

    /// Per-user files, sorted by user id (UTF-8 byte order).
    var users: [User]
    var recommendationsCSV: URL
    /// `recommendations.jsonl`, one compact user document per line.
    var recommendationsJSONL: URL
    /// `digest.txt`, the plain-text digest.
    var digest: URL
    /// `index.html`, the club digest page, written last.
    var index: URL
}
