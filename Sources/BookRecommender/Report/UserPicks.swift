/// One user's picks as the reports show them: item keys resolved to titles.
public struct UserPicks: Sendable, Equatable {
    /// The user's original id, exactly as the input had it.
    public var user: String
    public var picks: [ReportPick]
    /// How many books the user rated, by half star.
    public var ratings: RatingCounts
    /// What changed since the last digest; nil when the run does not compare
    /// (a library's own `ReportWriter` use, or a run without reports).
    public var sinceLastDigest: ReaderChanges?

    public init(user: String, picks: [ReportPick], ratings: RatingCounts, sinceLastDigest: ReaderChanges? = nil) {
        self.user = user
        self.picks = picks
        self.ratings = ratings
        self.sinceLastDigest = sinceLastDigest
    }

    /// A user whose rated books are `rated` (only their number and stars are kept).
    public init(user: String, picks: [ReportPick], rated: [RatedBook]) {
        self.init(user: user, picks: picks, ratings: RatingCounts(rated.map(\.rating)))
    }
}

/// One recommended book as the reports show it (the library's `Pick` is the plain form).
public struct ReportPick: Sendable, Equatable {
    public var rank: Int
    /// The item key (ISBN-13 or the format's own id).
    public var item: String
    public var isbn13: String?
    public var title: String?
    public var authors: [String]
    /// The model's ranking score (see `Recommendation.score`), rounded to 4 decimals.
    public var score: Double
    public var because: [RatedBook]
    public var fallback: Bool
    /// Not in the reader's list of the last digest (see `ReaderChanges`);
    /// false whenever the run was not compared with one.
    public var new: Bool
    /// What Google Books said of the book, or why it was not asked; nil when
    /// the run had no enrichment stage at all.
    public var enrichment: Enrichment?

    public init(
        rank: Int, item: String, isbn13: String?, title: String?, authors: [String], score: Double,
        because: [RatedBook], fallback: Bool, enrichment: Enrichment? = nil, new: Bool = false
    ) {
        self.rank = rank
        self.item = item
        self.isbn13 = isbn13
        self.title = title
        self.authors = authors
        self.score = score
        self.because = because
        self.fallback = fallback
        self.enrichment = enrichment
        self.new = new
    }
}

/// A book the user rated, with its rating on the 0–5 scale.
public struct RatedBook: Sendable, Equatable {
    public var item: String
    public var title: String?
    public var rating: Double

    public init(item: String, title: String?, rating: Double) {
        self.item = item
        self.title = title
        self.rating = rating
    }
}
