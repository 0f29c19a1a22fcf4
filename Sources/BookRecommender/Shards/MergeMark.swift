import Foundation

/// `OUT/parts/merged.json`: written (and flushed) just before a merge
/// renames `parts/run` into `runs/`, naming the run and the parts it was
/// made of, so that a merge stopped between that rename and removing the
/// parts (and the mark with them) is finished by running it again, not
/// mistaken for lost files.
struct MergeMark: Codable, Equatable {
    /// The merged run's folder name in `runs/`.
    var run: String
    /// Each part's `startedAt`, by shard: which shard runs were merged.
    var parts: [String]

    static func url(in history: RunHistory) -> URL {
        history.parts.appendingPathComponent("merged.json")
    }

    /// The mark in `history`'s parts folder, if one can be read.
    static func read(in history: RunHistory) -> MergeMark? {
        guard let data = try? Data(contentsOf: url(in: history)) else { return nil }
        return try? JSONDecoder().decode(MergeMark.self, from: data)
    }

    /// Writes the mark and flushes the parts folder, so the mark is on disk before the rename it announces.
    /// - Throws: `ReportError.cannotWrite`, `RunHistoryError.cannotFlush`.
    func write(in history: RunHistory) throws {
        guard let data = try? JSONEncoder().encode(self) else {
            throw ReportError.cannotWrite(path: Self.url(in: history).path, reason: "cannot encode the mark")
        }
        try AtomicFile.write(data, to: Self.url(in: history))
        try DurableFolder.sync(history.parts.path)
    }
}
