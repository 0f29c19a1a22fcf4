/// Turns a model's neighbours of one book into text or JSON.
struct BookDescriber {
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
