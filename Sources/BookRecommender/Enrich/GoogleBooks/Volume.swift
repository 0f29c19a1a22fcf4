/// The parts of a Google Books volume record the reports use. Every field but
/// `id` is optional: search records often lack description, covers or authors.
struct Volume: Decodable, Sendable, Equatable {
    var id: String
    var volumeInfo: Info?
    var accessInfo: Access?

    struct Info: Decodable, Sendable, Equatable {
        var title: String?
        var authors: [String]?
        var publishedDate: String?
        var description: String?
        var pageCount: Int?
        var categories: [String]?
        var imageLinks: ImageLinks?
        var previewLink: String?
    }

    struct ImageLinks: Decodable, Sendable, Equatable {
        var smallThumbnail: String?
        var thumbnail: String?
    }

    struct Access: Decodable, Sendable, Equatable {
        var webReaderLink: String?
    }

    /// The `fields=` selector for one volume; `VolumeList.fields` nests it under `items`.
    static let fields =
        "id,volumeInfo(title,authors,publishedDate,description,pageCount,categories,"
        + "imageLinks(smallThumbnail,thumbnail),previewLink),accessInfo(webReaderLink)"

    /// True when the record has a description with some text in it.
    var hasDescription: Bool {
        !(volumeInfo?.description ?? "").allSatisfy(\.isWhitespace)
    }

    /// The record cleaned for display: plain-text description, safe links, https cover.
    var enrichment: Enrichment {
        let info = volumeInfo
        let description = info?.description.map(DescriptionText.plain(fromHTML:))
        return Enrichment(
            status: .ok,
            title: info?.title,
            authors: info?.authors ?? [],
            description: description?.isEmpty == false ? description : nil,
            previewLink: SafeLink.web(accessInfo?.webReaderLink) ?? SafeLink.web(info?.previewLink),
            thumbnail: SafeLink.cover(info?.imageLinks?.thumbnail ?? info?.imageLinks?.smallThumbnail),
            pageCount: info?.pageCount,
            publishedDate: info?.publishedDate,
            categories: info?.categories ?? [],
            volumeID: id)
    }

    /// This record with the gaps filled from `detail` (the `/volumes/{id}` record),
    /// whose values win where both have one: the single-volume record is the fuller one.
    func merged(with detail: Volume) -> Volume {
        var merged = self
        let mine = volumeInfo ?? Info()
        let theirs = detail.volumeInfo ?? Info()
        merged.volumeInfo = Info(
            title: theirs.title ?? mine.title,
            authors: theirs.authors ?? mine.authors,
            publishedDate: theirs.publishedDate ?? mine.publishedDate,
            description: detail.hasDescription ? theirs.description : mine.description,
            pageCount: theirs.pageCount ?? mine.pageCount,
            categories: theirs.categories ?? mine.categories,
            imageLinks: theirs.imageLinks ?? mine.imageLinks,
            previewLink: theirs.previewLink ?? mine.previewLink)
        merged.accessInfo = Access(webReaderLink: detail.accessInfo?.webReaderLink ?? accessInfo?.webReaderLink)
        return merged
    }
}

/// A search answer. No match is `{"totalItems": 0}` with `items` absent;
/// an answer without `totalItems` (which the `fields` selector always asks
/// for) is not a volume list, and so not a "not found".
struct VolumeList: Decodable, Sendable {
    var totalItems: Int
    var items: [Volume]?

    /// Keeps `totalItems`, which disappears from the answer when not listed.
    static let fields = "totalItems,items(\(Volume.fields))"
}
