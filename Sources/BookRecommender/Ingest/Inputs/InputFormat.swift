/// The input formats `bookrec` reads. The raw value is the `--format` name.
public enum InputFormat: String, Sendable, CaseIterable, Codable {
    /// Any delimited file of user, book, rating rows.
    case ratingsCSV = "ratings-csv"
    /// Goodreads "Export Library" CSV, 31- and 24-column headers.
    case goodreads
    /// StoryGraph export CSV.
    case storygraph
    /// LibraryThing CSV, TSV and JSON exports.
    case librarything
    /// Book-Crossing style `"User-ID";"ISBN";"Book-Rating"`.
    case bookcrossing
    /// `<ratings><rating user="…" isbn="…" value="…"/></ratings>`.
    case ratingsXML = "ratings-xml"
    /// A Goodreads shelf RSS feed.
    case goodreadsRSS = "goodreads-rss"
    /// A saved answer of the Goodreads API (v2): `GoodreadsResponse/reviews/review`.
    case goodreadsAPI = "goodreads-api"
    /// A library's circulation export: one row per loan (patron, item, dates).
    case loans

    /// The scale a format's ratings are always on; nil for the generic
    /// formats, whose scale is given or detected per file.
    var fixedScale: RatingScale? {
        switch self {
        case .goodreads, .goodreadsRSS, .goodreadsAPI: RatingScale(minimum: 1, maximum: 5)
        case .storygraph: .fiveStars
        case .librarything: RatingScale(minimum: 0.5, maximum: 5)
        case .bookcrossing: .tenPoints
        case .ratingsCSV, .ratingsXML, .loans: nil
        }
    }

    /// Per-person exports stand for one member (`InputFile.member`), not a user column.
    var isPerPerson: Bool {
        switch self {
        case .goodreads, .storygraph, .librarything, .goodreadsRSS, .goodreadsAPI: true
        case .ratingsCSV, .bookcrossing, .ratingsXML, .loans: false
        }
    }
}
