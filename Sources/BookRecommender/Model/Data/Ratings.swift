/// Ratings ready to fit a `BookModel` on: the interned readers, books and
/// ratings, and what is known of each book. `RatingsBuilder.build()` makes
/// them; so does ingest.
public struct Ratings: Sendable {
    /// Readers, book keys, ratings and shelved books.
    var data: RatingData
    /// Per item index of `data`: ISBN, title, authors, cover.
    var items: [ItemInfo]

    /// `items` must hold one entry per item of `data`.
    init(data: RatingData, items: [ItemInfo]) {
        precondition(items.count == data.itemCount, "Ratings: one ItemInfo per item")
        self.data = data
        self.items = items
    }

    /// The number of ratings (a rating repeated for the same reader and book counts each time).
    public var count: Int { data.ratingCount }
}
