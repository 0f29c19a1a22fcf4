/// `--shard I/N`: this process writes reports only for the users whose
/// stable hash falls in shard `I` of `N` (`0 ≤ I < N`, so a Kubernetes
/// completion index or a Slurm array index from 0 can be passed as it is).
///
/// The hash is FNV-1a 64 of the user id's UTF-8 bytes, modulo `N`: the same
/// user lands in the same shard on every machine and every night.
struct Shard: Sendable, Equatable {
    /// This shard, `0..<count`.
    var index: Int
    /// How many shards the users are split into.
    var count: Int

    /// Parses `I/N`.
    /// - Returns: nil unless `0 ≤ I < N` and `N ≥ 1`.
    init?(parsing text: String) {
        let fields = text.split(separator: "/", omittingEmptySubsequences: false)
        guard fields.count == 2, let index = Int(fields[0]), let count = Int(fields[1]), count >= 1,
            (0..<count).contains(index)
        else { return nil }
        self.index = index
        self.count = count
    }

    /// Shard `index` of `count`, which must be `0 ≤ index < count`.
    init(index: Int, count: Int) {
        precondition((0..<count).contains(index), "Shard \(index) of \(count)")
        self.index = index
        self.count = count
    }

    /// The part's folder name, `I-of-N`.
    var name: String { "\(index)-of-\(count)" }

    /// Whether `user` belongs to this shard.
    func contains(user: String) -> Bool {
        Int(SafeFileName.fnv1a64(Array(user.utf8)) % UInt64(count)) == index
    }

    /// The indices of the ids in `userIDs` that belong to this shard, ascending.
    func readers(among userIDs: [String]) -> [Int] {
        userIDs.indices.filter { contains(user: userIDs[$0]) }
    }

    /// Reads a part folder name back.
    init?(partName: String) {
        let fields = partName.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[1] == "of", let shard = Shard(parsing: "\(fields[0])/\(fields[2])") else {
            return nil
        }
        self = shard
    }
}
