/// What the digest says about the club as a whole, from a `ClubTally` of
/// every member's picks and ratings. Ties are broken by item key, so the
/// same members give the same statistics however they were tallied.
struct ClubStats: Sendable, Equatable {
    /// A book recommended to several members.
    struct Recommended: Sendable, Equatable {
        /// The item key.
        var item: String
        /// The title shown (see `title(of:in:)`), else the item key.
        var title: String
        /// Authors from the first member's pick of the book (ours, else Google's).
        var authors: [String]
        /// Members with the book among their picks.
        var members: Int
    }

    /// A book the club rated highly.
    struct Rated: Sendable, Equatable {
        /// The item key.
        var item: String
        /// The title shown, else the item key.
        var title: String
        /// Mean rating on the 0–5 scale.
        var mean: Double
        /// Members who rated it.
        var ratings: Int
    }

    /// How many entries each chart shows at most.
    static let chartLength = 8

    /// Books recommended to the most members: members descending, then item key.
    var mostRecommended: [Recommended]
    /// Books with the best mean rating among those rated by at least
    /// `minRatings` members: mean descending, then ratings descending, then item key.
    var highestRated: [Rated]
    /// The fewest ratings a book needs to enter `highestRated`: 2, or 1 when
    /// no book has two ratings.
    var minRatings: Int
    /// How many recommended books Google Books described.
    var coverage: Coverage

    /// The statistics of `tally`.
    /// - Complexity: O(b log b) for b distinct books.
    init(tally: ClubTally) {
        mostRecommended = Array(
            tally.picked.sorted {
                $0.value.members != $1.value.members
                    ? $0.value.members > $1.value.members : $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
            }.prefix(Self.chartLength).map { item, book in
                Recommended(
                    item: item, title: Self.title(of: item, in: tally), authors: book.authors, members: book.members)
            })

        let least = tally.rated.values.contains { $0.count >= 2 } ? 2 : 1
        minRatings = least
        // Means compared exactly: a/b > c/d ⇔ a·d > c·b (counts are positive).
        let candidates = tally.rated.filter { $0.value.count >= least }.sorted {
            let left = $0.value.sum * Int64($1.value.count), right = $1.value.sum * Int64($0.value.count)
            if left != right { return left > right }
            if $0.value.count != $1.value.count { return $0.value.count > $1.value.count }
            return $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
        }
        highestRated = candidates.prefix(Self.chartLength).map { item, rated in
            Rated(
                item: item, title: Self.title(of: item, in: tally),
                mean: Double(rated.sum) / Double(rated.count) / 10_000, ratings: rated.count)
        }
        coverage = Coverage(tally: tally)
    }

    /// The title shown for a book: ours, else Google's, else the item key
    /// (blank titles do not count).
    static func title(of item: String, in tally: ClubTally) -> String {
        let picked = tally.picked[item]
        for title in [picked?.title, picked?.googleTitle, tally.rated[item]?.title] {
            if let title, !title.isBlank { return title }
        }
        return item
    }
}
