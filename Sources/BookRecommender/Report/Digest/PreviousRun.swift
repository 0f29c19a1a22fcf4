import Foundation

/// Finds the last digest a run compares its lists with: the run that
/// `OUT/latest` points at (for shards, the last merged run; a run kept but
/// not made `latest`, as `--require-enrichment` leaves one, was never the
/// members' digest), and reads its `lists.tsv`.
enum PreviousRun {
    /// What `out`'s last digest gives a run with `settings` whose input has `readers`.
    /// - Returns: the comparison, and the earlier lists when it is `.compared`.
    static func load(out: URL, settings: ListSettings, readers: [String]) -> (LastDigest, PreviousLists?) {
        let latest = out.appendingPathComponent("latest")
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: latest.path) else {
            return (LastDigest(kind: .firstRun), nil)
        }
        let name = (target as NSString).lastPathComponent
        let file = out.appendingPathComponent("runs").appendingPathComponent(name)
            .appendingPathComponent(ReaderLists.fileName)
        guard let data = try? Data(contentsOf: file), let lists = try? PreviousLists(data) else {
            return (LastDigest(kind: .noLists, previousRun: name), nil)
        }
        let differences = settings.differences(from: lists.settings)
        guard differences.isEmpty else {
            return (LastDigest(kind: .otherSettings, previousRun: name, differences: differences), nil)
        }
        let current = Set(readers)
        let gone = lists.readers.count { !current.contains($0) }
        return (LastDigest(kind: .compared, previousRun: name, membersGone: gone), lists)
    }
}
