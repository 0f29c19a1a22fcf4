import Foundation

/// Collects ratings one at a time for `BookModel.fit`, keying books exactly
/// as `bookrec` ingest does, so a model trained from files can be queried
/// with the same ISBNs from Swift and the other way round.
///
/// ```swift
/// var builder = RatingsBuilder()
/// builder.add(user: "ana", book: "9780439023481", rating: 5)
/// builder.add(user: "ana", book: "0316015849", rating: 4, title: "Twilight", author: "Stephenie Meyer")
/// let model = try BookModel.fit(builder.build(), options: ModelOptions())
/// ```
///
/// A book is named by an ISBN-10 or ISBN-13 in any form the ISBN cleaner
/// repairs (hyphens, a lost leading zero, `=""` wrappers), which becomes its
/// ISBN-13 key, by an ASIN (`asin:…`), or by any other id. A book without an
/// ISBN that is given a title is keyed by its title and first author
/// (`TitleKey`), and joins the ISBN book of the same title and author once all
/// are added (`SameBookJoin`), as ingest does across files; without a title,
/// its id is kept as it is.
/// Ratings are on the 0–5 scale, as `bookrec` puts every format (0.25 to 5).
/// A reader's later rating of a book replaces the earlier one.
public struct RatingsBuilder: Sendable {
    /// A call to `add` that could not be used, and why.
    public struct Reject: Sendable, Equatable {
        /// Which call it was: 1 for the first `add`.
        public var call: Int
        /// The reader given to `add`.
        public var user: String
        /// The book given to `add`.
        public var book: String
        /// The rating given to `add`.
        public var rating: Double
        /// Why the call could not be used.
        public var reason: RejectReason
    }

    private var entries: [(user: String, book: BookRef, rating: Float)] = []
    private var calls = 0
    /// The calls that were not used: empty user, no usable book id, a rating off the 0–5 scale.
    public private(set) var rejects: [Reject] = []

    /// An empty builder.
    public init() {}

    /// The ratings kept so far.
    public var count: Int { entries.count }

    /// Adds `user`'s `rating` of `book`, with the book's title and author
    /// when known (the first title given for a book is kept). A rating that
    /// cannot be used is listed in `rejects`, never dropped silently.
    public mutating func add(user: String, book: String, rating: Double, title: String? = nil, author: String? = nil) {
        calls += 1
        var ref = BookRef(isbnField: book.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !user.isEmpty, !ref.isUnidentified, let value = RatingScale.fiveStars.normalize(Float(rating)) else {
            let reason: RejectReason =
                user.isEmpty ? .missingUser : ref.isUnidentified ? .noBookID : .ratingOffScale("\(rating)")
            rejects.append(Reject(call: calls, user: user, book: book, rating: rating, reason: reason))
            return
        }
        ref.title = title.flatMap { $0.isEmpty ? nil : $0 }
        ref.authors = author.map { $0.isEmpty ? [] : [$0] } ?? []
        entries.append((user, ref, value))
    }

    /// The ratings, interned as ingest interns a file's records (readers and
    /// books numbered in the order first seen), with books known only by title
    /// and author joined to their ISBN book as ingest joins them.
    public func build() -> Ratings {
        var sink = IngestSink(catalog: Catalog(), policy: .skip, rejects: RejectLog(streamingTo: nil, keep: 0))
        for (line, entry) in entries.enumerated() {
            sink.rating(user: entry.user, book: entry.book, value: entry.rating, line: line + 1)
        }
        var (data, items) = (sink.data, sink.items)
        _ = SameBookJoin.join(&data, items: &items)
        return Ratings(data: data, items: items)
    }
}
