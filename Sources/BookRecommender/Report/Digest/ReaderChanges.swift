/// How a run's lists compare with the last digest: the complete run that
/// `OUT/latest` named when this run began (for a sharded run, the last
/// merged run), which is what the members last saw. The same for every
/// reader of a run, and for every shard of one.
struct LastDigest: Sendable, Equatable, Codable {
    enum Kind: String, Sendable, Codable {
        /// Lists were compared, reader by reader.
        case compared
        /// There is no earlier run: nothing is marked new.
        case firstRun = "first-run"
        /// The last digest's lists were made with other settings (`ListSettings`): not compared.
        case otherSettings = "other-settings"
        /// The last digest kept no lists (`--no-reports`, an older bookrec, a damaged file): not compared.
        case noLists = "no-lists"
    }

    var kind: Kind
    /// The last digest's run folder (`20261130T021500.123Z`); nil on the first run.
    var previousRun: String?
    /// For `otherSettings`, what changed (`top 5 → 10`), in `ListSettings` order.
    var differences: [String]
    /// Members in the last digest's lists who are not in this run's input.
    var membersGone: Int

    init(kind: Kind, previousRun: String? = nil, differences: [String] = [], membersGone: Int = 0) {
        self.kind = kind
        self.previousRun = previousRun
        self.differences = differences
        self.membersGone = membersGone
    }

    /// The sentence the digest and every page show when the lists were not
    /// compared; nil when they were.
    var notComparedSentence: String? {
        switch kind {
        case .compared: nil
        case .firstRun: "This is the first digest, so no pick is marked new yet."
        case .otherSettings:
            "The settings changed since the last digest (\(differences.joined(separator: "; "))), "
                + "so picks are not compared with it and none is marked new."
        case .noLists: "The last digest kept no lists to compare with, so no pick is marked new."
        }
    }
}

/// What changed in one reader's list since the last digest.
///
/// A pick is new when it was not in the reader's list then. A pick that
/// left the list is "read" (or "shelved") only when the reader has since
/// rated (or shelved) the book: a list never holds a book its reader has, so
/// they took it up after that digest. A pick pushed out by better ones, or
/// gone from the club's books, only counts in `leftOtherwise`.
struct ReaderChanges: Sendable, Equatable {
    /// A book that left the list, as the page names it.
    struct LeftBook: Sendable, Equatable {
        var item: String
        var title: String?

        init(item: String, title: String?) {
            self.item = item
            self.title = title
        }
    }

    /// The run's comparison (the same for every reader).
    var lastDigest: LastDigest
    /// The reader was not in the last digest: their page welcomes them, and
    /// no pick is marked new (they saw no list before).
    var newMember: Bool
    /// Earlier picks the reader has rated, read or borrowed since, in their old list's order.
    var read: [LeftBook]
    /// Earlier picks the reader has shelved since (to-read, reading, without stars).
    var shelved: [LeftBook]
    /// Earlier picks that left for any other reason.
    var leftOtherwise: Int

    init(
        lastDigest: LastDigest, newMember: Bool = false, read: [LeftBook] = [], shelved: [LeftBook] = [],
        leftOtherwise: Int = 0
    ) {
        self.lastDigest = lastDigest
        self.newMember = newMember
        self.read = read
        self.shelved = shelved
        self.leftOtherwise = leftOtherwise
    }

    /// Whether picks were compared with the reader's own earlier list.
    var compared: Bool { lastDigest.kind == .compared && !newMember }

    /// The sentences a reader's page and digest entry open with: how many
    /// picks are new and which earlier ones the reader read or shelved, a
    /// welcome, or why nothing was compared.
    func sentences(newPicks: Int) -> [String] {
        if let sentence = lastDigest.notComparedSentence { return [sentence] }
        if newMember { return ["Welcome: these are your first picks from the club."] }
        var sentences = [
            newPicks == 0
                ? "No new picks since the last digest."
                : "\(IndexHTMLReport.count(newPicks, "new pick")) since the last digest, marked new."
        ]
        if !read.isEmpty { sentences.append("You read \(Self.titles(read)) since the last digest.") }
        if !shelved.isEmpty { sentences.append("You shelved \(Self.titles(shelved)) since the last digest.") }
        return sentences
    }

    /// "Dune", "Dune and Emma", "Dune, Emma and Kim".
    static func titles(_ books: [LeftBook]) -> String {
        let names = books.map { UserHTMLReport.displayTitle($0.title, item: $0.item) }
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}
