import Foundation

/// Writes small clubs of Goodreads and StoryGraph exports for the club tests,
/// and finds the real exports the tests copy in (`Fixtures/real/`).
enum ClubFixtures {
    /// A real export: `Tests/BookRecommenderTests/Fixtures/real/<name>`.
    static func real(_ name: String) -> URL {
        Workspace.root.appendingPathComponent("Tests/BookRecommenderTests/Fixtures/real").appendingPathComponent(name)
    }

    /// One book of a hand-written export: no ISBN when `isbn13` is empty; rating 0 = unrated.
    struct Book {
        var title: String
        var author: String
        var isbn13: String
        var rating: Int
    }

    static let goodreadsHeader =
        "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,"
        + "Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
        + "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies\n"

    /// A Goodreads export of `books` (`="…"` ISBNs, `=""` for none).
    static func goodreads(_ books: [Book]) -> String {
        goodreadsHeader
            + books.enumerated().map { index, book in
                let shelf = book.rating == 0 ? "to-read" : "read"
                return
                    "\(index + 1),\"\(book.title)\",\(book.author),,,\"=\"\"\"\"\",\"=\"\"\(book.isbn13)\"\"\",\(book.rating),"
                    + ",,,,,,,,,,\(shelf),,,,1,0\n"
            }.joined()
    }

    static let storygraphHeader =
        "Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,"
        + "Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,"
        + "Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?\n"

    /// A StoryGraph export of `books` (an empty star rating when unrated).
    static func storygraph(_ books: [Book]) -> String {
        storygraphHeader
            + books.map { book in
                let status = book.rating == 0 ? "to-read" : "read"
                let stars = book.rating == 0 ? "" : String(book.rating)
                return "\(book.title),\(book.author),,\(book.isbn13),paperback,\(status),2025/01/01,,,1,,,,,,,,"
                    + "\(stars),,,,,No\n"
            }.joined()
    }

    /// Writes `files` (path relative to `root` → text) under `root`.
    static func write(_ files: [String: String], under root: URL) throws {
        for (relative, text) in files {
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// Copies the real export `name` to `relative` under `root`.
    static func copyReal(_ name: String, to relative: String, under root: URL) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: real(name), to: url)
    }
}
