import Foundation

/// `bookrec similar`: "readers who liked this also liked": for each book,
/// its nearest neighbours in the filter, fitted on the inputs or read from a
/// model file written by `bookrec train`.
package struct SimilarBooks {
    /// None of the requested books is in the ratings (exit 65).
    package struct NotFound: Error, Sendable, Equatable, CustomStringConvertible {
        var books: [String]

        package var description: String {
            "no rating mentions \(books.count == 1 ? "the book" : "any of the books") \(books.joined(separator: ", "))"
        }
    }

    let settings: RunSettings
    /// The books asked for, as given: ISBNs or item keys.
    let books: [String]
    /// A JSON document instead of the tables.
    let json: Bool

    package init(settings: RunSettings, books: [String], json: Bool) {
        (self.settings, self.books, self.json) = (settings, books, json)
    }

    /// Fits the model on the INPUTs (or reads the model file) and describes
    /// each book's neighbours; books not in it are reported on stderr.
    /// - Throws: `IngestError` (66 for a missing input), `RunError.noRatings`,
    ///   `BookModelError` for a model file that is missing (66) or damaged
    ///   (65), `NotFound` when none of the books is in the ratings (65).
    package func run(log: Log) throws -> String {
        let model = try self.model(log: log)
        let known = ModelBooks(model)
        var found: [(query: String, book: ModelBooks.Book)] = []
        var missing: [String] = []
        for query in books {
            if let book = known.book(named: query) {
                found.append((query, book))
            } else {
                missing.append(query)
                log.warning("similar", "book not in the ratings", ["book": query])
            }
        }
        guard !found.isEmpty else { throw NotFound(books: missing) }
        let describe = BookDescriber(model: model, books: known, top: settings.model.top)
        if json {
            return JSONValue.object([
                "similarity": .string(model.options.similarity.rawValue),
                "books": .array(found.map { describe.json(query: $0.query, book: $0.book) }),
                "notFound": .array(missing.map(JSONValue.string)),
            ]).text
        }
        return found.map { describe.table(book: $0.book) }.joined(separator: "\n")
    }

    /// The model file's model, or one fitted on the INPUTs with at least `--top` neighbours a book.
    private func model(log: Log) throws -> BookModel {
        if let path = settings.modelFile {
            let model = try BookModel(contentsOf: URL(fileURLWithPath: path))
            log.info("model", "loaded", ["file": path, "fingerprint": model.fingerprint])
            return model
        }
        let result = try ReadOnlyIngest.read(try settings.inputFiles(), settings: settings, log: log)
        var options = settings.model
        // At least `top` neighbours; a count left unset stays `auto`'s to choose (never below 64).
        if options.neighbors < options.top { options.neighbors = options.top }
        return try BookModel.fit(Ratings(data: result.data, items: result.items), options: options)
    }
}
