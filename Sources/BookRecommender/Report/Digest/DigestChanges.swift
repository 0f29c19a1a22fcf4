/// What changed in the club since the last digest: the run's comparison
/// (`LastDigest`) with its readers' changes summed up (`ReaderSummary.since`).
/// `summary.json`'s `sinceLastDigest`, and a sentence in the digest.
///
/// The sums come from the reader summaries alone, so a merge of shards
/// counts exactly what one machine's run counts.
struct DigestChanges: Sendable, Equatable, Codable {
    var comparison: LastDigest.Kind
    var previousRun: String?
    var differences: [String]
    var membersGone: Int
    /// Readers whose list was compared with their own earlier one.
    var membersCompared = 0
    /// Readers not in the last digest.
    var newMembers = 0
    var membersWithNewPicks = 0
    var newPicks = 0
    /// Earlier picks their readers read (rated) or shelved since, and the others that left.
    var readSince = 0
    var shelvedSince = 0
    var leftOtherwise = 0

    /// The keys of the run-level part, which every shard of a run shares.
    static let runKeys: Set<String> = ["comparison", "previousRun", "differences", "membersGone"]

    /// The comparison `lastDigest` with the changes of `members` added up.
    init(_ lastDigest: LastDigest, members: [ReaderSummary]) {
        comparison = lastDigest.kind
        previousRun = lastDigest.previousRun
        differences = lastDigest.differences
        membersGone = lastDigest.membersGone
        for case let since? in members.lazy.map(\.since) {
            if since.newMember {
                newMembers += 1
                continue
            }
            membersCompared += 1
            if since.newPicks > 0 { membersWithNewPicks += 1 }
            newPicks += since.newPicks
            readSince += since.read
            shelvedSince += since.shelved
            leftOtherwise += since.leftOtherwise
        }
    }

    /// The run-level part.
    var lastDigest: LastDigest {
        LastDigest(kind: comparison, previousRun: previousRun, differences: differences, membersGone: membersGone)
    }

    /// One sentence for the digest: what was compared and what changed, or
    /// why nothing was.
    var sentence: String {
        if let sentence = lastDigest.notComparedSentence { return sentence }
        var parts = [
            newPicks == 0
                ? "no new picks"
                : "\(IndexHTMLReport.count(newPicks, "new pick")) for "
                    + IndexHTMLReport.count(membersWithNewPicks, "member")
        ]
        if newMembers > 0 { parts.append(IndexHTMLReport.count(newMembers, "new member")) }
        if readSince + shelvedSince > 0 {
            parts.append("\(IndexHTMLReport.count(readSince + shelvedSince, "earlier pick")) read or shelved since")
        }
        if membersGone > 0 { parts.append("\(IndexHTMLReport.count(membersGone, "member")) no longer in the club") }
        return "Since the last digest (run \(previousRun ?? "?")): " + parts.joined(separator: ", ") + "."
    }
}
