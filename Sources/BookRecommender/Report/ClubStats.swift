/// What the digest says about the club as a whole, counted from every
/// member's picks and rated books. The same set of users gives the same
/// statistics in any order: users are taken in UTF-8 byte order of their ids
/// and ties are broken by item key.
public struct ClubStats: Sendable, Equatable {
    /// A book recommended to several members.
    public struct Recommended: Sendable, Equatable {
        /// The item key.
        public var item: String
        /// The title shown (see `titles(_:)`), else the item key.
        public var title: String
        /// Authors from the first pick of the book (ours, else Google's).
        public var authors: [String]
        /// Members with the book among their picks.
        public var members: Int
    }

    /// A book the club rated highly.
    public struct Rated: Sendable, Equatable {
        /// The item key.
        public var item: String
        /// The title shown, else the item key.
        public var title: String
        /// Mean rating on the 0–5 scale.
        public var mean: Double
        /// Members who rated it.
        public var ratings: Int
    }

    /// How many entries each chart shows at most.
    public static let chartLength = 8

    /// Books recommended to the most members: members descending, then item key.
    public var mostRecommended: [Recommended]
    /// Books with the best mean rating among those rated by at least
    /// `minRatings` members: mean descending, then ratings descending, then item key.
    public var highestRated: [Rated]
    /// The fewest ratings a book needs to enter `highestRated`: 2, or 1 when
    /// no book has two ratings.
    public var minRatings: Int
    /// How many recommended books Google Books described.
    public var coverage: Coverage

    /// Counts the statistics of `users`.
    /// - Complexity: O(p + r + b log b) for p picks, r rated books and b distinct books.
    public init(users: [UserPicks]) {
        let sorted = users.sorted { $0.user.utf8.lexicographicallyPrecedes($1.user.utf8) }
        let titles = Self.titles(sorted)
        var recommended: [String: Recommended] = [:]
        for user in sorted {
            var seen: Set<String> = []
            for pick in user.picks where seen.insert(pick.item).inserted {
                if recommended[pick.item] == nil {
                    let authors = pick.authors.isEmpty ? pick.enrichment?.authors ?? [] : pick.authors
                    recommended[pick.item] = Recommended(
                        item: pick.item, title: titles[pick.item] ?? pick.item, authors: authors, members: 0)
                }
                recommended[pick.item]?.members += 1
            }
        }
        mostRecommended = Array(
            recommended.values.sorted {
                $0.members != $1.members
                    ? $0.members > $1.members : $0.item.utf8.lexicographicallyPrecedes($1.item.utf8)
            }.prefix(Self.chartLength))

        var sums: [String: (total: Double, count: Int)] = [:]
        for user in sorted {
            for book in user.rated where book.rating.isFinite {
                sums[book.item, default: (0, 0)].total += book.rating
                sums[book.item, default: (0, 0)].count += 1
            }
        }
        let least = sums.values.contains { $0.count >= 2 } ? 2 : 1
        minRatings = least
        let rated = sums.compactMap { item, sum -> Rated? in
            guard sum.count >= least else { return nil }
            return Rated(
                item: item, title: titles[item] ?? item, mean: sum.total / Double(sum.count), ratings: sum.count)
        }
        highestRated = Array(
            rated.sorted {
                if $0.mean != $1.mean { return $0.mean > $1.mean }
                if $0.ratings != $1.ratings { return $0.ratings > $1.ratings }
                return $0.item.utf8.lexicographicallyPrecedes($1.item.utf8)
            }.prefix(Self.chartLength))
        coverage = Coverage(users: sorted)
    }

    /// The title shown for every book: the first non-blank one among picks
    /// (ours, then Google's) and rated books, else the item key.
    private static func titles(_ users: [UserPicks]) -> [String: String] {
        var titles: [String: String] = [:]
        func offer(_ title: String?, for item: String) {
            guard titles[item] == nil, let title, !title.allSatisfy(\.isWhitespace) else { return }
            titles[item] = title
        }
        for user in users {
            for pick in user.picks { offer(pick.title, for: pick.item) }
        }
        for user in users {
            for pick in user.picks { offer(pick.enrichment?.title, for: pick.item) }
            for book in user.rated { offer(book.title, for: book.item) }
        }
        return titles
    }
}
