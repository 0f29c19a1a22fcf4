/// Looks up one book: `isbn:<13>`, then `isbn:<10>` for 978 numbers, then
/// `intitle:`/`inauthor:` (only when the book has both) with a title/author
/// check of the hits; when the hit
/// has no description, its `/volumes/{id}` record is fetched once.
struct VolumeSearch: Sendable {
    let client: BooksClient

    /// The lookup result and whether it may be cached (only complete answers may).
    func lookup(_ book: BookLookup) async -> (enrichment: Enrichment, cacheable: Bool) {
        let queries = Self.queries(for: book)
        guard !queries.isEmpty else {
            return (Enrichment(status: .skipped(EnrichmentStatus.nothingToSearchBy)), false)
        }
        do {
            for query in queries {
                let volumes = try await client.search(query.text)
                let hit =
                    query.needsCheck
                    ? volumes.first {
                        TitleMatch.matches(
                            book, volumeTitle: $0.volumeInfo?.title, volumeAuthors: $0.volumeInfo?.authors ?? [])
                    } : volumes.first
                if let hit { return await complete(hit) }
            }
            return (Enrichment(status: .notFound), true)
        } catch {
            return (Enrichment(status: Self.status(for: error)), false)
        }
    }

    /// Fills a description-less hit from its single-volume record. A failed
    /// fetch keeps the search record but marks the result uncacheable, so a
    /// later run tries again.
    private func complete(_ hit: Volume) async -> (enrichment: Enrichment, cacheable: Bool) {
        guard !hit.hasDescription else { return (hit.enrichment, true) }
        do {
            return (hit.merged(with: try await client.volume(id: hit.id)).enrichment, true)
        } catch {
            return (hit.enrichment, false)
        }
    }

    /// The queries for `book`, in order; the title/author one needs checking.
    static func queries(for book: BookLookup) -> [(text: String, needsCheck: Bool)] {
        var queries: [(text: String, needsCheck: Bool)] = []
        if let isbn13 = book.isbn13 {
            queries.append(("isbn:" + isbn13, false))
            if let isbn10 = ISBN.isbn10(fromISBN13: isbn13) { queries.append(("isbn:" + isbn10, false)) }
        }
        if let title = book.title.map(TitleMatch.mainTitle), !title.isEmpty,
            let surname = book.authors.lazy.compactMap(TitleMatch.surname).first
        {
            queries.append(("intitle:" + title + " inauthor:" + surname, true))
        }
        return queries
    }

    /// How a failed lookup is reported.
    static func status(for error: EnrichError) -> EnrichmentStatus {
        switch error {
        case .quotaExhausted: .failed("daily quota exhausted")
        case .keyRejected: .failed("API key rejected")
        case .runStopped(let reason): .skipped(reason)
        default: .failed(error.description)
        }
    }
}
