/// Why `bookrec merge` cannot join the parts in an output folder.
package enum MergeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No `parts/<I>-of-<N>` folder at all (exit 66).
    case noParts(folder: String)
    /// Some shards of N have no part (exit 66): they failed or have not run.
    case missingParts(count: Int, missing: [Int])
    /// Parts of different shard counts lie side by side (exit 65).
    case mixedShardCounts([Int])
    /// The parts were not made from the same inputs and settings (exit 65).
    case inconsistentParts(detail: String)
    /// A part's file cannot be read back (exit 65).
    case unreadablePart(path: String, reason: String)
    /// A reader's file that shard `shard` (`I/N`) wrote into `parts/run/` is
    /// not there (exit 65): that shard must run again.
    case missingReaderFile(path: String, shard: String)

    package var description: String {
        switch self {
        case .noParts(let folder): "\(folder): no parts to merge (run the shards with --shard I/N first)"
        case .missingParts(let count, let missing):
            "shards \(missing.map(String.init).joined(separator: ", ")) of \(count) have no part yet; "
                + "run them (or wait for them) and merge again"
        case .mixedShardCounts(let counts):
            "parts of \(counts.map(String.init).joined(separator: " and ")) shards lie side by side; "
                + "remove the stale ones from parts/"
        case .inconsistentParts(let detail): "the parts do not belong to one run: \(detail)"
        case .unreadablePart(let path, let reason): "\(path): cannot read the part: \(reason)"
        case .missingReaderFile(let path, let shard): "\(path): missing; run shard \(shard) again, then merge"
        }
    }
}
