/// Turns the model's index-based lists into what the reports show: item keys,
/// ISBNs, titles, rounded scores, Google Books details, and each user's rated books.
struct PickAssembler {
    /// The run's ratings: user ids, and the books users rated (`items` per item).
    let data: RatingData
    let items: [ItemInfo]
    /// The model's books, which picks and their reasons name (the run's own
    /// when the run fitted the model).
    let books: BookTable

    /// The picks and rated books of `users`, whose lists are `lists` (same order).
    /// - Parameter ratedBy: a user's (item, rating) after duplicates were
    ///   resolved, as the model saw them.
    func userPicks(
        _ users: [Int], lists: [[Recommendation]], ratedBy: (Int) -> [(item: Int32, rating: Float)],
        enrichments: [String: Enrichment]
    ) -> [UserPicks] {
        zip(users, lists).map { user, list in
            let picks = list.enumerated().map { rank, pick in
                let info = books.infos[Int(pick.item)]
                let key = books.keys[Int(pick.item)]
                return ReportPick(
                    rank: rank + 1, item: key, isbn13: info.isbn13, title: info.title, authors: info.authors,
                    score: Self.rounded(pick.score),
                    because: pick.because.map {
                        RatedBook(
                            item: books.keys[Int($0.item)], title: books.infos[Int($0.item)].title,
                            rating: Self.rounded($0.rating))
                    }, fallback: pick.fallback, enrichment: enrichments[key])
            }
            let rated = ratedBy(user)
                .sorted { $0.rating != $1.rating ? $0.rating > $1.rating : key($0.item) < key($1.item) }
                .map {
                    RatedBook(item: key($0.item), title: items[Int($0.item)].title, rating: Self.rounded($0.rating))
                }
            return UserPicks(user: data.userIDs[user], picks: picks, rated: rated)
        }
    }

    /// One lookup per distinct recommended book, in item-key order so the
    /// requests go out in the same order every run.
    func lookups(for lists: [[Recommendation]]) -> [BookLookup] {
        var seen = Set<Int32>()
        for list in lists { for pick in list { seen.insert(pick.item) } }
        return seen.map { item in
            let info = books.infos[Int(item)]
            return BookLookup(key: books.keys[Int(item)], isbn13: info.isbn13, title: info.title, authors: info.authors)
        }.sorted { $0.key < $1.key }
    }

    /// The key of the run's own item `item`.
    private func key(_ item: Int32) -> String { data.itemKeys[Int(item)] }

    /// Four decimals: enough to order picks, few enough to read.
    static func rounded(_ value: Float) -> Double {
        (Double(value) * 10_000).rounded() / 10_000
    }
}
