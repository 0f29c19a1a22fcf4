import Foundation

/// The layout of an output folder across runs:
///
/// ```
/// OUT/bookrec.lock            the job's lock (PID inside)
/// OUT/runs/<UTC time>/        one complete run each, newest last by name
/// OUT/runs/.<UTC time>.partial  the run in progress (hidden; never kept)
/// OUT/latest -> runs/<time>   the newest complete, successful run
/// OUT/cache/google-books/     lookups, shared by every run
/// OUT/parts/<I>-of-<N>/       shard I's part, until `bookrec merge` joins them
/// OUT/parts/run/              every shard's readers' files, which the merge
///                             completes and renames into `runs/`
/// ```
///
/// A run writes only inside its hidden folder; when it has finished, the
/// folder is flushed to disk, renamed to its final name and `latest` is
/// replaced by a new symlink renamed over it (`rename(2)` is atomic), so a
/// reader, a killed run or a power cut never leaves half a run behind
/// `latest` (see `commit`). The next run (holding the lock) removes hidden
/// leftovers of killed runs.
package struct RunHistory {
    let out: URL
    /// Complete runs kept; older ones are removed after each successful run.
    var keepRuns: Int

    /// The history of the output folder `out`, keeping `keepRuns` complete runs.
    init(out: URL, keepRuns: Int) {
        self.out = out
        self.keepRuns = keepRuns
    }

    var runs: URL { out.appendingPathComponent("runs", isDirectory: true) }
    var latest: URL { out.appendingPathComponent("latest") }
    var parts: URL { out.appendingPathComponent("parts", isDirectory: true) }
    /// Where the shards of a run write their readers' own files (`users/`,
    /// `mail/`) as the merged run shows them, so that `bookrec merge` only
    /// adds the club's files and renames this one folder into `runs/`.
    var partsRun: URL { parts.appendingPathComponent("run", isDirectory: true) }

    /// The lock file of the whole job, or of one shard (shards of one job run at once).
    func lockFile(shard: Shard?) -> URL {
        out.appendingPathComponent(shard.map { "bookrec-shard-\($0.name).lock" } ?? "bookrec.lock")
    }

    /// Refuses an output folder whose `runs`, `parts`, `parts/run` or `cache`
    /// is a symbolic link: everything a run writes must stay inside the output
    /// folder. (`latest` is a symlink by design and is only ever replaced,
    /// never written through.)
    /// - Throws: `RunHistoryError.symbolicLink` naming the first one found.
    func refuseSymbolicLinks() throws(RunHistoryError) {
        for name in ["runs", "parts", "parts/run", "cache"] {
            let path = out.appendingPathComponent(name).path
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK { throw .symbolicLink(path: path) }
        }
    }

    /// The final folder of a shard's part.
    func part(_ shard: Shard) -> URL { parts.appendingPathComponent(shard.name, isDirectory: true) }

    /// A run's folder name: UTC time to the millisecond, so names sort by time.
    static func name(at date: Date) -> String {
        DateFormatter.utc("yyyyMMdd'T'HHmmss.SSS'Z'").string(from: date)
    }

    /// Removes what killed runs left: folders they were removing, and hidden
    /// run folders and temporary links (for a shard, only that shard's). Call
    /// it holding the lock.
    func removeLeftovers(shard: Shard?) {
        for name in Self.names(in: out) where name.hasPrefix(Self.trashPrefix) {
            Self.remove(unfinished: out.appendingPathComponent(name))
        }
        if let shard {
            for name in Self.names(in: parts) where name.hasPrefix(".\(shard.name).") {
                Self.remove(unfinished: parts.appendingPathComponent(name))
            }
            return
        }
        for name in Self.names(in: runs) where name.hasPrefix(".") {
            Self.remove(unfinished: runs.appendingPathComponent(name))
        }
        for name in Self.names(in: out) where name.hasPrefix(".latest.") {
            unlink(out.appendingPathComponent(name).path)
        }
    }

    /// Creates the hidden folder a new run (or part) writes into.
    /// - Throws: `RunHistoryError.cannotCreate`.
    func begin(shard: Shard?, at date: Date = Date()) throws(RunHistoryError) -> URL {
        let parent = shard == nil ? runs : parts
        try Self.createFolder(parent)
        let name = shard.map { ".\($0.name).partial-\(getpid())" } ?? ".\(freeName(at: date)).partial"
        let folder = parent.appendingPathComponent(name, isDirectory: true)
        guard mkdir(folder.path, 0o755) == 0 else {
            throw .cannotCreate(path: folder.path, reason: String(cString: strerror(errno)))
        }
        return folder
    }

    /// The name of a run started at `date` that no complete run has yet: two
    /// runs in one millisecond, the later one takes the next name.
    func freeName(at date: Date) -> String {
        var stamp = date
        while Self.exists(runs.appendingPathComponent(Self.name(at: stamp))) { stamp += 0.001 }
        return Self.name(at: stamp)
    }

    /// Makes a finished run durable, moves it into place and returns its
    /// final folder; with `switchLatest`, points `latest` at it.
    ///
    /// In order: everything under `unfinished` is flushed to stable storage
    /// (`DurableFolder.flush`), the folder is renamed to its final name and
    /// `runs/` is flushed (so the new name is on disk before anything points
    /// at it), then a new symlink is renamed over `latest` and the output
    /// folder is flushed. After a power cut at any moment `latest` names
    /// either the previous run or this one, complete.
    /// - Throws: `RunHistoryError.cannotFlush` or `.cannotSwitch`; `latest`
    ///   is not switched after either.
    func commit(_ unfinished: URL, shard: Shard?, switchLatest: Bool) throws(RunHistoryError) -> URL {
        try DurableFolder.flush(unfinished)
        if let shard { return try commitPart(unfinished, shard: shard) }
        let name = String(unfinished.lastPathComponent.dropFirst().dropLast(".partial".count))
        return try publish(unfinished, as: name, switchLatest: switchLatest)
    }

    /// Renames the flushed run `folder` to `runs/<name>` and flushes `runs/`;
    /// with `switchLatest`, then points `latest` at it (see `commit`).
    /// - Throws: `RunHistoryError.cannotFlush` or `.cannotSwitch`.
    func publish(_ folder: URL, as name: String, switchLatest: Bool) throws(RunHistoryError) -> URL {
        try Self.createFolder(runs)
        let final = runs.appendingPathComponent(name, isDirectory: true)
        try Self.rename(folder, to: final)
        try DurableFolder.sync(runs.path)
        if switchLatest { try self.switchLatest(to: name) }
        return final
    }

    /// The complete run `latest` names, if any.
    func latestName() -> String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: latest.path)).map {
            ($0 as NSString).lastPathComponent
        }
    }

    /// Points `latest` at `runs/<name>` by renaming a new symlink over it,
    /// then flushes the output folder.
    /// - Throws: `RunHistoryError.cannotFlush` or `.cannotSwitch`.
    func switchLatest(to name: String) throws(RunHistoryError) {
        let temporary = out.appendingPathComponent(".latest.\(getpid())")
        unlink(temporary.path)
        guard symlink("runs/" + name, temporary.path) == 0 else {
            throw .cannotSwitch(path: temporary.path, reason: String(cString: strerror(errno)))
        }
        try Self.rename(temporary, to: latest)
        try DurableFolder.sync(out.path)
    }

    /// Removes the shard's part, as a shard run does before it writes into
    /// `partsRun`: from then on, until the new part is committed, no part
    /// vouches for the shard's readers' files there, half-rewritten as they may be.
    func withdrawPart(_ shard: Shard) {
        Self.remove(unfinished: part(shard))
    }

    /// Puts the finished part in place (replacing one a concurrent run may have left).
    private func commitPart(_ unfinished: URL, shard: Shard) throws(RunHistoryError) -> URL {
        let final = part(shard)
        let old = parts.appendingPathComponent(".\(shard.name).old-\(getpid())")
        if Self.exists(final) { try Self.rename(final, to: old) }
        try Self.rename(unfinished, to: final)
        try DurableFolder.sync(parts.path)
        Self.remove(unfinished: old)
        return final
    }

    /// Removes complete runs beyond the newest `keepRuns`, never the one
    /// `latest` points at; returns the names removed.
    func prune() -> [String] {
        let target = latestName()
        let complete = Self.names(in: runs).filter { !$0.hasPrefix(".") }.sorted()
        var removed: [String] = []
        for name in complete.dropLast(max(keepRuns, 1)) where name != target {
            Self.remove(unfinished: runs.appendingPathComponent(name))
            removed.append(name)
        }
        return removed
    }

    /// Removes `folder` by first renaming it to a new hidden name: a
    /// half-removed folder is never mistaken for a complete one, and a writer
    /// still busy in it (a run being abandoned) finds its paths gone.
    package static func remove(unfinished folder: URL) {
        guard exists(folder) else { return }
        let parent = folder.deletingLastPathComponent()
        let trash = parent.appendingPathComponent("\(trashPrefix)\(getpid())-\(UUID().uuidString.prefix(8))")
        let target = Foundation.rename(folder.path, trash.path) == 0 ? trash : folder
        // A file being written when the folder moved may land after the first pass.
        for _ in 0..<3 {
            try? FileManager.default.removeItem(at: target)
            guard exists(target) else { return }
            usleep(50_000)
        }
    }

    /// How the hidden names of folders being removed start.
    static let trashPrefix = ".removing-"

    static func names(in folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }

    static func exists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }

    private static func createFolder(_ folder: URL) throws(RunHistoryError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreate(path: folder.path, reason: AtomicFile.describe(error))
        }
    }

    private static func rename(_ from: URL, to: URL) throws(RunHistoryError) {
        guard Foundation.rename(from.path, to.path) == 0 else {
            throw .cannotSwitch(path: to.path, reason: String(cString: strerror(errno)))
        }
    }
}
