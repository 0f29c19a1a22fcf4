import BookRecommender
import Foundation

/// `bookrec similar ISBN... INPUT...`: "readers who liked this also liked":
/// for each book, its nearest neighbours in the fitted item-item filter.
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

    /// One requested book: the argument as given and how to find it.
    struct Query: Equatable {
        var argument: String
        /// The ISBN-13 the argument normalises to, if it does.
        var isbn13: String?
    }

    /// The settings flags `similar` shares with `recommend` (from `Setting.all`).
    static let settingFlags: Set<String> = [
        "format", "columns", "rating-scale", "catalog", "top", "threads", "similarity", "neighbors", "threshold",
        "shrinkage",
    ]

    static let options: [ArgumentParser.Option] =
        Setting.parserOptions.filter { settingFlags.contains($0.name) } + [
            .init("book", repeatable: true), .init("json", takesValue: false), .init("quiet", takesValue: false),
        ]

    var settings = RunSettings()
    var books: [Query] = []
    var json = false

    /// Reads the command line (without `bookrec similar`).
    /// - Throws: `UsageError` for unknown or invalid options, no book, or no INPUT.
    init(arguments: [String]) throws(UsageError) {
        let parsed = try ArgumentParser(options: Self.options).parse(arguments)
        try Setting.apply(parsed, to: &settings)
        json = parsed.has("json")
        for argument in parsed.positionals {
            if !FileManager.default.fileExists(atPath: argument), let isbn13 = ISBN.normalize(argument).isbn13 {
                books.append(Query(argument: argument, isbn13: isbn13))
            } else {
                settings.inputs.append(argument)
            }
        }
        for key in parsed.values["book"] ?? [] {
            books.append(Query(argument: key, isbn13: ISBN.normalize(key).isbn13))
        }
        guard !books.isEmpty else { throw .missingArgument("ISBN (or --book KEY)") }
        guard !settings.inputs.isEmpty else { throw .missingArgument("INPUT") }
    }

    /// Ingests, fits, and describes each book's neighbours; books not in the
    /// ratings are reported on stderr.
    /// - Throws: `IngestError` (66 for a missing input), `RunError.noRatings`,
    ///   `NotFound` when none of the books is in the ratings (65).
    func run(log: Log) throws -> String {
        let result = try ReadOnlyIngest.read(
            try settings.inputFiles(), settings: settings, log: log)
        let index = Dictionary(result.data.itemKeys.enumerated().map { ($1, Int32($0)) }) { first, _ in first }
        var found: [(query: Query, item: Int32)] = []
        var missing: [String] = []
        for query in books {
            if let item = Self.item(for: query, index: index, items: result.items) {
                found.append((query, item))
            } else {
                missing.append(query.argument)
                log.warning("similar", "book not in the ratings", ["book": query.argument])
            }
        }
        guard !found.isEmpty else { throw NotFound(books: missing) }
        var options = settings.model
        options.neighbors = max(options.neighbors, options.top)
        let model = Recommender(options: options).fit(result.data)
        let describe = BookDescriber(data: result.data, items: result.items, model: model, top: options.top)
        if json {
            return JSONValue.object([
                "similarity": .string(options.similarity.rawValue),
                "books": .array(found.map { describe.json(query: $0.query.argument, item: $0.item) }),
                "notFound": .array(missing.map(JSONValue.string)),
            ]).text
        }
        return found.map { describe.table(item: $0.item) }.joined(separator: "\n")
    }

    /// The item a query names: by item key, then by ISBN-13 as key, then by
    /// the ISBN-13 ingest recorded for an item.
    static func item(for query: Query, index: [String: Int32], items: [ItemInfo]) -> Int32? {
        if let item = index[query.argument] { return item }
        guard let isbn13 = query.isbn13 else { return nil }
        if let item = index[isbn13] { return item }
        return items.firstIndex { $0.isbn13 == isbn13 }.map(Int32.init)
    }
}

/// Turns a fitted model's neighbour list for one book into text or JSON.
private struct BookDescriber {
    let data: RatingData
    let items: [ItemInfo]
    let model: FittedModel
    let top: Int

    func ratings(of item: Int32) -> Int { model.ratingCount(of: item) }

    func title(of item: Int32) -> String { items[Int(item)].title ?? "" }

    /// A header line with the book, then a table of its neighbours.
    func table(item: Int32) -> String {
        let key = data.itemKeys[Int(item)]
        var text =
            ([key, title(of: item)].filter { !$0.isEmpty } + ["(\(ratings(of: item)) ratings)"])
            .joined(separator: "  ") + "\n"
        let neighbors = model.neighbors(of: item).prefix(top)
        guard !neighbors.isEmpty else { return text + "  no similar books: no reader of it rated another\n" }
        var rows = [["RANK", "SIMILARITY", "BOOK", "TITLE"]]
        for (rank, neighbor) in neighbors.enumerated() {
            rows.append([
                String(rank + 1), String(format: "%.4f", neighbor.similarity), data.itemKeys[Int(neighbor.item)],
                title(of: neighbor.item),
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
    func json(query: String, item: Int32) -> JSONValue {
        var book = describe(item)
        book["query"] = .string(query)
        book["ratings"] = .integer(ratings(of: item))
        book["neighbors"] = .array(
            model.neighbors(of: item).prefix(top).map { neighbor in
                var entry = describe(neighbor.item)
                entry["similarity"] = .fixed(Double(neighbor.similarity), places: 6)
                return .object(entry)
            })
        return .object(book)
    }

    private func describe(_ item: Int32) -> [String: JSONValue] {
        let info = items[Int(item)]
        return [
            "item": .string(data.itemKeys[Int(item)]), "isbn13": info.isbn13.map(JSONValue.string) ?? .null,
            "title": info.title.map(JSONValue.string) ?? .null,
        ]
    }
}
