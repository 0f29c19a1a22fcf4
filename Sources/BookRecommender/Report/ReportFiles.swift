import Foundation

/// The files `ReportWriter` wrote, for logging and the run summary.
public struct ReportFiles: Sendable, Equatable {
    /// One user's two pages.
    public struct User: Sendable, Equatable {
        /// The original user id.
        public var user: String
        /// The file-name stem chosen by `SafeFileName`.
        public var stem: String
        public var json: URL
        public var html: URL
    }

    /// Per-user files, sorted by user id (UTF-8 byte order).
    public var users: [User]
    public var recommendationsCSV: URL
    /// `recommendations.jsonl`, one compact user document per line.
    public var recommendationsJSONL: URL
    /// `digest.txt`, the plain-text digest.
    public var digest: URL
    /// `index.html`, the club digest page, written last.
    public var index: URL
}
