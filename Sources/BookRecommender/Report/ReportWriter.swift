import Foundation

/// Writes the per-user reports, `recommendations.csv`,
/// `recommendations.jsonl`, `digest.txt` and `index.html` into an output
/// folder, all through `AtomicFile`.
///
/// Users are sorted by id (UTF-8 byte order) and named by `SafeFileName`, so
/// the bytes written depend only on the set of users, never on their order.
/// Files are written one after another, `index.html` last, so an index never
/// links a page that is not there yet. Every path is checked to stay inside
/// the output folder after symlinks are resolved; user ids never become
/// paths except through `SafeFileName`.
///
/// The run date (`ReportTotals.runDate`) appears only in `digest.txt` and
/// `index.html`; every other file depends on the users alone.
///
/// `summary.json` and `rejects.csv` are not written here.
public struct ReportWriter: Sendable {
    /// The folder the reports go into; created when missing.
    public let outputFolder: URL

    /// A writer for `outputFolder`.
    public init(outputFolder: URL) {
        self.outputFolder = outputFolder
    }

    /// Writes `users/<stem>.json` and `users/<stem>.html` for every user, then
    /// `recommendations.csv`, `recommendations.jsonl` and `digest.txt`, then
    /// `index.html` with `totals`.
    /// - Throws: `ReportError.duplicateUser` when an id repeats (before
    ///   anything is written); `.cannotCreateFolder`, `.cannotWrite`, or
    ///   `.outsideOutputFolder` when the folder or a path in it resolves elsewhere.
    public func write(users: [UserPicks], totals: ReportTotals) throws(ReportError) -> ReportFiles {
        let sorted = users.sorted { $0.user.utf8.lexicographicallyPrecedes($1.user.utf8) }
        for (first, second) in zip(sorted, sorted.dropFirst()) where first.user.utf8.elementsEqual(second.user.utf8) {
            throw .duplicateUser(user: first.user)
        }
        try AtomicFile.createFolder(outputFolder)
        let root = outputFolder.standardizedFileURL.resolvingSymlinksInPath()
        let usersFolder = try folder(named: "users", in: root)

        let stems = SafeFileName.stems(for: sorted.map(\.user))
        var written: [ReportFiles.User] = []
        for (user, stem) in zip(sorted, stems) {
            let json = try file(named: stem + ".json", in: usersFolder, root: root)
            try AtomicFile.write(UserJSONReport.document(for: user).data, to: json)
            let html = try file(named: stem + ".html", in: usersFolder, root: root)
            try AtomicFile.write(Data(UserHTMLReport.page(for: user, notice: totals.notice).utf8), to: html)
            written.append(ReportFiles.User(user: user.user, stem: stem, json: json, html: html))
        }

        let csv = try file(named: "recommendations.csv", in: root, root: root)
        try AtomicFile.write(Data(RecommendationsCSV.text(users: sorted).utf8), to: csv)
        let jsonl = try file(named: "recommendations.jsonl", in: root, root: root)
        try AtomicFile.write(Data(RecommendationsJSONL.text(users: sorted).utf8), to: jsonl)
        let members = Array(zip(sorted, stems))
        let digest = try file(named: "digest.txt", in: root, root: root)
        try AtomicFile.write(Data(DigestText.text(users: members, totals: totals).utf8), to: digest)
        let index = try file(named: "index.html", in: root, root: root)
        try AtomicFile.write(Data(IndexHTMLReport.page(users: members, totals: totals).utf8), to: index)
        return ReportFiles(
            users: written, recommendationsCSV: csv, recommendationsJSONL: jsonl, digest: digest, index: index)
    }

    /// `root/name`, created when missing, and checked to resolve inside `root`.
    private func folder(named name: String, in root: URL) throws(ReportError) -> URL {
        let url = root.appendingPathComponent(name, isDirectory: true)
        try AtomicFile.createFolder(url)
        let resolved = url.resolvingSymlinksInPath()
        try requireInside(resolved, root: root)
        return resolved
    }

    /// `folder/name`, checked to be a plain file name inside `root`. `folder` is
    /// already resolved; the name itself is not, because an atomic write
    /// replaces a symlink planted there rather than writing through it.
    private func file(named name: String, in folder: URL, root: URL) throws(ReportError) -> URL {
        let url = folder.appendingPathComponent(name, isDirectory: false)
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else {
            throw .outsideOutputFolder(path: url.path, folder: root.path)
        }
        try requireInside(url, root: root)
        return url
    }

    private func requireInside(_ url: URL, root: URL) throws(ReportError) {
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard url.standardizedFileURL.path.hasPrefix(prefix) else {
            throw .outsideOutputFolder(path: url.path, folder: root.path)
        }
    }
}
