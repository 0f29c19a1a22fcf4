/// Per-book counts the digest's charts are drawn from, gathered reader by
/// reader and added up: the books picked (for how many members, and how
/// Google Books answered) and the ratings given (summed exactly).
///
/// Tallies of disjoint sets of readers add up to the tally of their union,
/// whatever the order they are added in: a run's blocks of readers, or a
/// sharded run's parts, give the same charts as one pass over everyone.
/// Ratings are summed in ten-thousandths of a star (the 4 decimals the
/// reports print), as integers, so the sums do not depend on the order either.
struct ClubTally: Sendable, Equatable {
    /// A book among the picks.
    struct Picked: Sendable, Equatable {
        /// Members with the book among their picks.
        var members: Int
        /// The first such member by UTF-8 order of ids: the fields below come
        /// from their pick (in a run they are the same in every pick).
        var firstUser: String
        /// Our title, when the input had one.
        var title: String?
        /// Google Books' title, when it had one.
        var googleTitle: String?
        /// Our authors, else Google's.
        var authors: [String]
        /// How the Google Books lookup ended; nil when the run had no enrichment stage.
        var status: EnrichmentStatus?
    }

    /// A book the members rated.
    struct Rated: Sendable, Equatable {
        /// The sum of the ratings in ten-thousandths of a star.
        var sum: Int64
        /// Ratings summed.
        var count: Int
        /// Our title, when the input had one.
        var title: String?
    }

    /// Readers counted.
    var readers = 0
    /// Picked books by item key.
    var picked: [String: Picked] = [:]
    /// Rated books by item key.
    var rated: [String: Rated] = [:]

    /// An empty tally.
    init() {}

    /// Counts `user`'s picks (a book picked twice for one user counts once).
    mutating func add(picksOf user: UserPicks) {
        readers += 1
        for (rank, pick) in user.picks.enumerated()
        where !user.picks[..<rank].contains(where: { $0.item == pick.item }) {
            let entry = {
                Picked(
                    members: 1, firstUser: user.user, title: pick.title, googleTitle: pick.enrichment?.title,
                    authors: pick.authors.isEmpty ? pick.enrichment?.authors ?? [] : pick.authors,
                    status: pick.enrichment?.status)
            }
            guard let index = picked.index(forKey: pick.item) else {
                picked[pick.item] = entry()
                continue
            }
            // Readers usually come in id order with the book's one answer: then only the count changes.
            let earlier = user.user.utf8.lexicographicallyPrecedes(picked.values[index].firstUser.utf8)
            let better = !Self.isDefinite(picked.values[index].status) && Self.isDefinite(pick.enrichment?.status)
            if earlier || better {
                picked.values[index] = Self.joined(picked.values[index], entry())
            } else {
                picked.values[index].members += 1
            }
        }
    }

    /// Counts one rating (0–5) of `item`; non-finite ratings are not counted.
    mutating func addRating(item: String, title: String?, rating: Double) {
        guard rating.isFinite else { return }
        addRatings(item: item, title: title, sum: Self.units(rating), count: 1)
    }

    /// Counts `count` ratings of `item` summing to `sum` ten-thousandths of a star.
    mutating func addRatings(item: String, title: String?, sum: Int64, count: Int) {
        guard count > 0 else { return }
        if var known = rated[item] {
            known.sum += sum
            known.count += count
            known.title = known.title ?? title
            rated[item] = known
        } else {
            rated[item] = Rated(sum: sum, count: count, title: title)
        }
    }

    /// Adds `other`, the tally of other readers.
    mutating func add(_ other: ClubTally) {
        readers += other.readers
        picked.merge(other.picked, uniquingKeysWith: Self.joined)
        for (item, entry) in other.rated {
            addRatings(item: item, title: entry.title, sum: entry.sum, count: entry.count)
        }
    }

    /// A rating in ten-thousandths of a star, as the reports round it.
    static func units(_ rating: Double) -> Int64 {
        Int64((rating * 10_000).rounded())
    }

    /// One entry for the readers of both: members added, details from the
    /// earlier first user, and a definite Google Books answer (found or not
    /// found) over a failed or skipped lookup.
    private static func joined(_ one: Picked, _ other: Picked) -> Picked {
        let earlier = other.firstUser.utf8.lexicographicallyPrecedes(one.firstUser.utf8)
        var result = earlier ? other : one
        result.members = one.members + other.members
        let later = earlier ? one : other
        if !isDefinite(result.status), isDefinite(later.status) { result.status = later.status }
        return result
    }

    private static func isDefinite(_ status: EnrichmentStatus?) -> Bool {
        status == .ok || status == .notFound
    }
}
