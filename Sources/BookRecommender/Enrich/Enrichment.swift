/// What Google Books says about one book, already cleaned for display:
/// plain-text description, `http`/`https` links only, an `https` cover without the page curl.
struct Enrichment: Sendable, Equatable, Codable {
    /// How the lookup ended; the other fields are set only for `ok`.
    var status: EnrichmentStatus
    /// Title and authors as Google Books has them.
    var title: String?
    var authors: [String]
    /// Plain text; paragraphs separated by a blank line. Never contains markup.
    var description: String?
    /// The web reader link, else the preview link.
    var previewLink: String?
    /// Cover thumbnail, `https`, without the page-curl effect.
    var thumbnail: String?
    /// Page count, when Google Books knows it.
    var pageCount: Int?
    /// As Google gives it: `"1973"`, `"2020-11"` or `"2019-11-12"`.
    var publishedDate: String?
    /// Google's subject categories.
    var categories: [String]
    /// The Google Books volume id (`kPbzR4LDkAkC`).
    var volumeID: String?

    /// A result with `status` and whatever fields are known.
    init(
        status: EnrichmentStatus, title: String? = nil, authors: [String] = [], description: String? = nil,
        previewLink: String? = nil, thumbnail: String? = nil, pageCount: Int? = nil, publishedDate: String? = nil,
        categories: [String] = [], volumeID: String? = nil
    ) {
        self.status = status
        self.title = title
        self.authors = authors
        self.description = description
        self.previewLink = previewLink
        self.thumbnail = thumbnail
        self.pageCount = pageCount
        self.publishedDate = publishedDate
        self.categories = categories
        self.volumeID = volumeID
    }
}
