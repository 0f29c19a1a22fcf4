/// Turns the model's index-based lists into what the reports show: item keys,
/// ISBNs, titles, rounded scores, Google Books details, and each user's
/// rating counts; one user at a time, so a run never holds every user's
/// picks at once.
struct PickAssembler: Sendable {
    /// The run's ratings: user ids, and the books users rated (`items` per item).
    let data: RatingData
    let items: [ItemInfo]
    /// The model's books, which picks and their reasons name (the run's own
    /// when the run fitted the model).
    let books: BookTable

    /// `user`'s picks from `list`, with their books in `rows` (the run's
    /// readers in its own numbering) counted: ratings by half star, the others by kind.
    /// - Parameter enrichments: by the model's item index (see `enrichmentsByItem`).
    func userPicks(_ user: Int, list: [Recommendation], rows: ReaderRows, enrichments: ItemEnrichments) -> UserPicks {
        let picks = list.enumerated().map { rank, pick in
            let info = books.infos[Int(pick.item)]
            return ReportPick(
                rank: rank + 1, item: books.keys[Int(pick.item)], isbn13: info.isbn13, title: info.title,
                authors: info.authors, score: Self.rounded(pick.score),
                because: pick.because.map {
                    RatedBook(
                        item: books.keys[Int($0.item)], title: books.infos[Int($0.item)].title,
                        rating: Self.rounded($0.rating), kind: $0.kind)
                }, fallback: pick.fallback, enrichment: enrichments[pick.item])
        }
        var counts = RatingCounts()
        for (_, rating) in rows.ratings(of: user) { counts.add(Double(rating)) }
        return UserPicks(
            user: data.userIDs[user], picks: picks, ratings: counts, interactions: rows.interactionCounts(of: user))
    }

    /// The enrichments of the recommended books by the model's item index,
    /// so that each pick finds its book's without hashing the key: 4 bytes
    /// per book of the catalog, rather than an optional `Enrichment` (a
    /// dozen fields) for each of a million books when a few were picked.
    struct ItemEnrichments: Sendable {
        /// Per item: where its enrichment is in `values`, or -1.
        private let slots: [Int32]
        private let values: [Enrichment]

        init(_ enrichments: [String: Enrichment], keys: [String]) {
            var values: [Enrichment] = []
            values.reserveCapacity(enrichments.count)
            slots = keys.map { key in
                guard let enrichment = enrichments[key] else { return -1 }
                values.append(enrichment)
                return Int32(values.count - 1)
            }
            self.values = values
        }

        subscript(item: Int32) -> Enrichment? {
            slots[Int(item)] < 0 ? nil : values[Int(slots[Int(item)])]
        }
    }

    /// `enrichments` (by item key) by the model's item index.
    func enrichmentsByItem(_ enrichments: [String: Enrichment]) -> ItemEnrichments {
        ItemEnrichments(enrichments, keys: books.keys)
    }

    /// Every rating of `users`, summed per book (see `ClubTally.rated`).
    /// - Parameter ratedBy: a user's (item, rating) in the run's own item
    ///   numbering, after duplicates were resolved.
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

    /// One lookup per distinct recommended book, where readers look first:
    /// by how many members have the book among their picks, then by the
    /// best rank any of them has it at, then by item key (so the order is
    /// the same every run). A run whose quota or request cap runs out has
    /// then described the books most members see, near the top of their lists.
    func lookups(for lists: [[Recommendation]]) -> [BookLookup] {
        var seen: [Int32: (members: Int, bestRank: Int)] = [:]
        for list in lists {
            for (rank, pick) in list.enumerated() {
                let known = seen[pick.item] ?? (0, rank)
                seen[pick.item] = (known.members + 1, min(known.bestRank, rank))
            }
        }
        return seen.map { item, reach in
            let info = books.infos[Int(item)]
            let lookup = BookLookup(
                key: books.keys[Int(item)], isbn13: info.isbn13, title: info.title, authors: info.authors)
            return (lookup, reach)
        }.sorted { one, other in
            if one.1.members != other.1.members { return one.1.members > other.1.members }
            if one.1.bestRank != other.1.bestRank { return one.1.bestRank < other.1.bestRank }
            return one.0.key < other.0.key
        }.map(\.0)
    }

    /// Four decimals: enough to order picks, few enough to read.
    static func rounded(_ value: Float) -> Double {
        (Double(value) * 10_000).rounded() / 10_000
    }
}
