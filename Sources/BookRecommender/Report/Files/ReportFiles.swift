import Foundation

/// The files `ReportWriter` wrote, for logging and the run summary.
struct ReportFiles: Sendable, Equatable {
    /// One user's two pages.
    package struct User: Sendable, Equatable {
        /// The original user id.
        package var user: String
        /// The file-name stem chosen by `SafeFileName`.
        package var stem: String
        package var json: URL
        package var html: URL
    }

    /// Per-user files, sorted by user id (UTF-8 byte order).
    package var users: [User]
    var recommendationsCSV: URL
    /// `recommendations.jsonl`, one compact user document per line.
    var recommendationsJSONL: URL
    /// `digest.txt`, the plain-text digest.
    package var digest: URL
    /// `index.html`, the club digest page, written last.
    package var index: URL
}
