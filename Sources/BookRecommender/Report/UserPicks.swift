/// One user's picks as the reports show them: item keys resolved to titles.
struct UserPicks: Sendable, Equatable {
    /// The user's original id, exactly as the input had it.
    var user: String
    var picks: [ReportPick]
    /// How many books the user rated, by half star.
    var ratings: RatingCounts
    /// How many books the user has without stars, by kind.
    var interactions: InteractionCounts
    /// What changed since the last digest; nil when the run does not compare
    /// (a library's own `ReportWriter` use, or a run without reports).
    var sinceLastDigest: ReaderChanges?

    init(
        user: String, picks: [ReportPick], ratings: RatingCounts, interactions: InteractionCounts = .init(),
        sinceLastDigest: ReaderChanges? = nil
    ) {
        self.user = user
        self.picks = picks
        self.ratings = ratings
        self.interactions = interactions
        self.sinceLastDigest = sinceLastDigest
    }

    /// A user whose rated books are `rated` (only their number and stars are kept).
    init(user: String, picks: [ReportPick], rated: [RatedBook]) {
        self.init(user: user, picks: picks, ratings: RatingCounts(rated.map(\.rating)))
    }
}

/// One recommended book as the reports show it (the library's `Pick` is the plain form).
struct ReportPick: Sendable, Equatable {
    var rank: Int
    /// The item key (ISBN-13 or the format's own id).
    var item: String
    var isbn13: String?
    var title: String?
    var authors: [String]
    /// The model's ranking score (see `Recommendation.score`), rounded to 4 decimals.
    var score: Double
    var because: [RatedBook]
    var fallback: Bool
    /// Not in the reader's list of the last digest (see `ReaderChanges`);
    /// false whenever the run was not compared with one.
    var new: Bool
    /// What Google Books said of the book, or why it was not asked; nil when
    /// the run had no enrichment stage at all.
    var enrichment: Enrichment?

    init(
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

/// A book of the user's behind a pick: rated, with its rating on the 0–5
/// scale, or had without stars, with what they did (`kind`; `rating` is then 0).
struct RatedBook: Sendable, Equatable {
    var item: String
    var title: String?
    var rating: Double
    /// nil for a star rating.
    var kind: InteractionKind?

    init(item: String, title: String?, rating: Double, kind: InteractionKind? = nil) {
        self.item = item
        self.title = title
        self.rating = kind == nil ? rating : 0
        self.kind = kind
    }
}
