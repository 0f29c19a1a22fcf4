/// One user's picks as the reports show them: item keys resolved to titles.
public struct UserPicks: Sendable, Equatable {
    /// The user's original id, exactly as the input had it.
    public var user: String
    public var picks: [ReportPick]
    /// The books the user rated, for "what we based this on".
    public var rated: [RatedBook]

    public init(user: String, picks: [ReportPick], rated: [RatedBook]) {
        self.user = user
        self.picks = picks
        self.rated = rated
    }
}

/// One recommended book as the reports show it (the library's `Pick` is the plain form).
public struct ReportPick: Sendable, Equatable, Codable {
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
    /// What Google Books said of the book, or why it was not asked; nil when
    /// the run had no enrichment stage at all.
    public var enrichment: Enrichment?

    public init(
        rank: Int, item: String, isbn13: String?, title: String?, authors: [String], score: Double,
        because: [RatedBook], fallback: Bool, enrichment: Enrichment? = nil
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
    }
}

/// A book the user rated, with its rating on the 0–5 scale.
public struct RatedBook: Sendable, Equatable, Codable {
    public var item: String
    public var title: String?
    public var rating: Double

    public init(item: String, title: String?, rating: Double) {
        self.item = item
        self.title = title
        self.rating = rating
    }
}
