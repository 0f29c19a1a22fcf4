/// Turns the model's index-based lists into what the reports show: item keys,
/// ISBNs, titles, rounded scores, Google Books details, and each user's
/// rating counts; one user at a time, so a run never holds every user's
/// picks at once.
struct PickAssembler: Sendable {
    let data: RatingData
    let items: [ItemInfo]

    /// `user`'s picks from `list`, with `ratings` (their ratings after
    /// duplicates were resolved, as the model saw them) counted by half star.
    /// - Parameter enrichments: by item index (see `enrichmentsByItem`).
    func userPicks(
        _ user: Int, list: [Recommendation], ratings: [(item: Int32, rating: Float)], enrichments: [Enrichment?]
    ) -> UserPicks {
        let picks = list.enumerated().map { rank, pick in
            let info = items[Int(pick.item)]
            return Pick(
                rank: rank + 1, item: key(pick.item), isbn13: info.isbn13, title: info.title,
                authors: info.authors, score: Self.rounded(pick.score),
                because: pick.because.map { book(book: $0.item, rating: $0.rating) }, fallback: pick.fallback,
                enrichment: enrichments[Int(pick.item)])
        }
        var counts = RatingCounts()
        for (_, rating) in ratings { counts.add(Double(rating)) }
        return UserPicks(user: data.userIDs[user], picks: picks, ratings: counts)
    }

    /// `enrichments` (by item key) by item index, so that each pick finds its
    /// book's without hashing the key.
    func enrichmentsByItem(_ enrichments: [String: Enrichment]) -> [Enrichment?] {
        data.itemKeys.map { enrichments[$0] }
    }

    /// Every rating of `users`, summed per book (see `ClubTally.rated`).
    /// - Parameter ratedBy: a user's (item, rating) after duplicates were resolved.
    func ratingTally(of users: [Int], ratedBy: (Int) -> [(item: Int32, rating: Float)]) -> ClubTally {
        var sums = [Int64](repeating: 0, count: data.itemCount)
        var counts = [Int](repeating: 0, count: data.itemCount)
        for user in users {
            for (item, rating) in ratedBy(user) where rating.isFinite {
                sums[Int(item)] += ClubTally.units(Double(rating))
                counts[Int(item)] += 1
            }
        }
        var tally = ClubTally()
        for item in counts.indices where counts[item] > 0 {
            tally.addRatings(item: data.itemKeys[item], title: items[item].title, sum: sums[item], count: counts[item])
        }
        return tally
    }

    /// One lookup per distinct recommended book, in item-key order so the
    /// requests go out in the same order every run.
    func lookups(for lists: [[Recommendation]]) -> [BookLookup] {
        var seen = Set<Int32>()
        for list in lists { for pick in list { seen.insert(pick.item) } }
        return seen.map { item in
            let info = items[Int(item)]
            return BookLookup(key: key(item), isbn13: info.isbn13, title: info.title, authors: info.authors)
        }.sorted { $0.key < $1.key }
    }

    private func key(_ item: Int32) -> String { data.itemKeys[Int(item)] }

    private func book(book item: Int32, rating: Float) -> RatedBook {
        RatedBook(item: key(item), title: items[Int(item)].title, rating: Self.rounded(rating))
    }

    /// Four decimals: enough to order picks, few enough to read.
    static func rounded(_ value: Float) -> Double {
        (Double(value) * 10_000).rounded() / 10_000
    }
}
