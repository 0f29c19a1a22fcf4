/// What the club digest (`index.html`, `digest.txt`) shows of one reader,
/// kept after the reader's own files are written: the digest never needs a
/// reader's whole picks, so a run with many readers holds only this much
/// per reader. A shard's part stores these (see `PartFile`) for the merge.
struct ReaderSummary: Sendable, Equatable {
    /// One of the first picks, as the digest lists it.
    struct Top: Sendable, Equatable {
        var rank: Int
        /// The title shown (see `UserHTMLReport.displayTitle`).
        var title: String
        /// Our first non-blank author, if any.
        var author: String?
        var fallback: Bool
        /// Marked new (see `ReportPick.new`).
        var new: Bool
        /// Its strength in words (`PickStrength.phrase`); nil for a popular pick.
        var strength: String?
    }

    /// What changed since the last digest, when the run compared lists.
    struct Since: Sendable, Equatable {
        /// The sentences the reader's page shows (`ReaderChanges.sentences`).
        var sentences: [String]
        var newMember: Bool
        var newPicks: Int
        /// Earlier picks the reader read (rated) or shelved since, and the others that left.
        var read: Int
        var shelved: Int
        var leftOtherwise: Int
    }

    /// How many picks the digest lists per reader.
    static let topCount = 3

    /// The reader's original id.
    var user: String
    /// The file-name stem of `users/<stem>.json` and `.html`.
    var stem: String
    /// How many picks the reader got.
    var picks: Int
    /// Every pick is a popular (fallback) one.
    var popular: Bool
    /// The first `topCount` picks.
    var top: [Top]
    /// The reader's bytes in `recommendations.csv` and `recommendations.jsonl`,
    /// so a merge can copy them without parsing either file.
    var csvBytes: Int
    var jsonlBytes: Int
    /// The reader's bytes in `lists.tsv` (see `ReaderLists`).
    var listBytes: Int
    /// What changed since the last digest; nil unless the run compared lists.
    var since: Since?
    /// Whether `mail/<stem>.eml` was written for the reader.
    var mailed: Bool

    /// The summary of `user`, whose files are named `stem`; `bytes` are the
    /// reader's in `recommendations.csv`, `.jsonl` and `lists.tsv`.
    init(_ user: UserPicks, stem: String, bytes: (csv: Int, jsonl: Int, lists: Int), mailed: Bool = false) {
        self.user = user.user
        self.stem = stem
        picks = user.picks.count
        popular = !user.picks.isEmpty && user.picks.allSatisfy(\.fallback)
        let best = PickStrength.best(in: user.picks)
        top = user.picks.prefix(Self.topCount).map { pick in
            Top(
                rank: pick.rank, title: UserHTMLReport.displayTitle(pick.title, item: pick.item),
                author: pick.authors.first { !$0.isBlank }, fallback: pick.fallback, new: pick.new,
                strength: PickStrength.phrase(of: pick, best: best))
        }
        (csvBytes, jsonlBytes, listBytes) = bytes
        if let changes = user.sinceLastDigest, changes.lastDigest.kind == .compared {
            let newPicks = user.picks.count { $0.new }
            since = Since(
                sentences: changes.sentences(newPicks: newPicks), newMember: changes.newMember, newPicks: newPicks,
                read: changes.read.count, shelved: changes.shelved.count, leftOtherwise: changes.leftOtherwise)
        }
        self.mailed = mailed
    }

    /// A summary read back field by field (see `ReaderSummary+Compact`).
    init(
        user: String, stem: String, picks: Int, popular: Bool, top: [Top], bytes: (csv: Int, jsonl: Int, lists: Int),
        since: Since?, mailed: Bool
    ) {
        self.user = user
        self.stem = stem
        self.picks = picks
        self.popular = popular
        self.top = top
        (csvBytes, jsonlBytes, listBytes) = bytes
        self.since = since
        self.mailed = mailed
    }
}
