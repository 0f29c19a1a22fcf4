import Foundation

/// Readies the folder the shards wrote their readers' own files into
/// (`RunHistory.partsRun`) for the merge that makes it the run: every
/// reader the parts name must have `users/<stem>.json` and `.html` there
/// (and `mail/<stem>.eml` when mailed), and everything else goes: the files
/// of readers an earlier run had, and the club files of an interrupted merge.
/// The folder then holds what one machine's run would, minus the club files
/// the merge writes next.
struct ReaderFolderCheck {
    let folder: ReportFolder
    /// How many shards the parts come from (part `i` is shard `i`).
    let shards: Int

    /// Checks and clears the folder for `entries` (each reader and their part);
    /// `mail` says whether the run has a `mail/` folder.
    /// - Throws: `MergeError.missingReaderFile` naming the first missing file
    ///   (in id order) and its shard; `ReportError` when a folder cannot be read.
    func check(_ entries: [(summary: ReaderSummary, part: Int)], mail: Bool) throws {
        for name in try Self.names(in: folder.readersRoot) where name != "users" && !(mail && name == "mail") {
            try Self.remove(folder.readersRoot.appendingPathComponent(name))
        }
        try keepOnly(
            entries.flatMap { [($0.summary.stem + ".json", $0.part), ($0.summary.stem + ".html", $0.part)] },
            in: folder.users)
        if mail {
            try keepOnly(
                entries.filter(\.summary.mailed).map { ($0.summary.stem + ".eml", $0.part) }, in: try folder.mail())
        }
    }

    /// Removes every entry of `subfolder` but the `expected` names.
    /// - Throws: `MergeError.missingReaderFile` for the first expected name
    ///   that is not there; `ReportError.cannotWrite` when an entry cannot be removed.
    private func keepOnly(_ expected: [(name: String, part: Int)], in subfolder: URL) throws {
        let wanted = Set(expected.map(\.name))
        var found = 0
        let names = try Self.names(in: subfolder)
        for name in names {
            if wanted.contains(name) { found += 1 } else { try Self.remove(subfolder.appendingPathComponent(name)) }
        }
        guard found < wanted.count else { return }
        let present = Set(names)
        if let missing = expected.first(where: { !present.contains($0.name) }) {
            throw MergeError.missingReaderFile(
                path: subfolder.appendingPathComponent(missing.name).path, shard: "\(missing.part)/\(shards)")
        }
    }

    private static func names(in folder: URL) throws(ReportError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw .cannotWrite(path: folder.path, reason: AtomicFile.describe(error))
        }
    }

    private static func remove(_ url: URL) throws(ReportError) {
        guard unlink(url.path) != 0 else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw .cannotWrite(path: url.path, reason: AtomicFile.describe(error))
        }
    }
}
