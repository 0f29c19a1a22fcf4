/// How one reader rated: how many books, and how many at each half star.
///
/// A reader page shows this instead of every rated book: the books behind
/// the picks are on the page already, and the rest of a long shelf is what
/// made pages large without telling the reader anything new.
struct RatingCounts: Sendable, Equatable {
    /// `halfStars[h]` is the number of ratings that round to `h / 2` stars
    /// (`0...10`), rounded as `UserHTMLReport.stars` draws them.
    private(set) var halfStars: [Int] = Array(repeating: 0, count: 11)

    /// Every rating counted.
    var total: Int { halfStars.reduce(0, +) }

    /// No ratings yet.
    init() {}

    /// The counts of `ratings` (on the 0–5 scale).
    init(_ ratings: some Sequence<Double>) {
        for rating in ratings { add(rating) }
    }

    /// Counts one more rating (0–5; out-of-range values are clamped, NaN counts as 0).
    mutating func add(_ rating: Double) {
        halfStars[Self.halfStars(rating)] += 1
    }

    /// `rating` rounded to half stars and clamped to 0...5, in halves (`0...10`).
    static func halfStars(_ rating: Double) -> Int {
        rating.isNaN ? 0 : Int((min(max(rating, 0), 5) * 2).rounded())
    }
}
