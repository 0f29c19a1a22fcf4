import BookRecommender
import Foundation

/// `bookrec similar ISBN... INPUT...` (or `--model FILE` instead of the
/// INPUTs): "readers who liked this also liked": for each book, its nearest
/// neighbours in the item-item filter, fitted on the INPUTs or read from a
/// model file written by `bookrec train`.
///
/// Which argument is which: an argument naming an existing file or folder is
/// an INPUT; otherwise one that normalises to an ISBN-13 (`ISBN.normalize`,
/// so ISBN-10s, hyphens and `=""` wrappers are fine) is a book; anything else
/// is taken as an INPUT and fails as a missing one (66). Books without an ISBN
/// (a MovieLens id, a catalog id) are named with `--book KEY`, the item key.
struct SimilarCommand {
    /// None of the requested books is in the ratings (exit 65).
    struct NotFound: Error, Sendable, Equatable, CustomStringConvertible {
        var books: [String]

        var description: String {
            "no rating mentions \(books.count == 1 ? "the book" : "any of the books") \(books.joined(separator: ", "))"
        }
    }

    /// The settings flags `similar` shares with `recommend` (from `Setting.all`).
    static let settingFlags: Set<String> = [
        "format", "columns", "rating-scale", "catalog", "top", "threads", "similarity", "neighbors", "threshold",
        "shrinkage", "weights", "model",
    ]

    static let options: [ArgumentParser.Option] =
        Setting.parserOptions.filter { settingFlags.contains($0.name) } + [
            .init("book", repeatable: true), .init("json", takesValue: false), .init("quiet", takesValue: false),
        ]

    var settings = RunSettings()
    /// The books asked for, as given.
    var books: [String] = []
    var json = false

    /// Reads the command line (without `bookrec similar`).
    /// - Throws: `UsageError` for unknown or invalid options, no book, no
    ///   INPUT (nor `--model`), or INPUTs or fitting options beside `--model`.
    init(arguments: [String]) throws(UsageError) {
        let parsed = try ArgumentParser(options: Self.options).parse(arguments)
        try Setting.apply(parsed, to: &settings)
        json = parsed.has("json")
        for argument in parsed.positionals {
            if !FileManager.default.fileExists(atPath: argument), ISBN.normalize(argument).isbn13 != nil {
                books.append(argument)
            } else {
                settings.inputs.append(argument)
            }
        }
        books += parsed.values["book"] ?? []
        guard !books.isEmpty else { throw .missingArgument("ISBN (or --book KEY)") }
        guard settings.modelFile != nil else {
            guard !settings.inputs.isEmpty else { throw .missingArgument("INPUT (or --model FILE)") }
            return
        }
        if let flag = ["format", "columns", "rating-scale", "catalog"].first(where: parsed.has) {
            throw .conflictingOptions("--\(flag)", "--model", reason: "the model is read, not fitted")
        }
        try FitSettings.checkFlags(parsed, model: "--model")
        if let input = settings.inputs.first {
            throw .conflictingOptions(input, "--model", reason: "the model is read, not fitted on inputs")
        }
    }

    /// Fits the model on the INPUTs (or reads the model file) and describes
    /// each book's neighbours; books not in it are reported on stderr.
    /// - Throws: `IngestError` (66 for a missing input), `RunError.noRatings`,
    ///   `BookModelError` for a model file that is missing (66) or damaged
    ///   (65), `NotFound` when none of the books is in the ratings (65).
    func run(log: Log) throws -> String {
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

/// Turns a model's neighbours of one book into text or JSON.
private struct BookDescriber {
    let model: BookModel
    let books: ModelBooks
    let top: Int

    /// A header line with the book, then a table of its neighbours.
    func table(book: ModelBooks.Book) -> String {
        var text =
            ([book.key, book.title ?? ""].filter { !$0.isEmpty } + ["(\(book.ratings) ratings)"])
            .joined(separator: "  ") + "\n"
        let neighbors = model.similar(to: book.key, top: top)
        guard !neighbors.isEmpty else { return text + "  no similar books: no reader of it rated another\n" }
        var rows = [["RANK", "SIMILARITY", "BOOK", "TITLE"]]
        for (rank, neighbor) in neighbors.enumerated() {
            rows.append([
                String(rank + 1), String(format: "%.4f", neighbor.similarity), neighbor.book, neighbor.title ?? "",
            ])
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let pad = { (column: Int) in String(repeating: " ", count: widths[column] - row[column].count) }
            var line = "  \(pad(0))\(row[0])  \(pad(1))\(row[1])  \(row[2])\(pad(2))  \(row[3])"
            while line.last == " " { line.removeLast() }
            text += line + "\n"
        }
        return text
    }

    /// The book and its neighbours, similarities rounded to 6 decimals.
    func json(query: String, book: ModelBooks.Book) -> JSONValue {
        var entry = describe(book)
        entry["query"] = .string(query)
        entry["ratings"] = .integer(book.ratings)
        entry["neighbors"] = .array(
            model.similar(to: book.key, top: top).map { neighbor in
                var fields = books.book(key: neighbor.book).map(describe) ?? ["item": .string(neighbor.book)]
                fields["similarity"] = .fixed(neighbor.similarity, places: 6)
                return .object(fields)
            })
        return .object(entry)
    }

    private func describe(_ book: ModelBooks.Book) -> [String: JSONValue] {
        [
            "item": .string(book.key), "isbn13": book.isbn13.map(JSONValue.string) ?? .null,
            "title": book.title.map(JSONValue.string) ?? .null,
        ]
    }
}
