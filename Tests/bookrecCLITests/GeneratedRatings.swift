import Foundation

/// A ratings CSV made up for a test: `users` users rating `perUser` of `books`
/// books, the same file for the same arguments (a fixed linear congruential generator).
enum GeneratedRatings {
    /// Writes `ratings.csv` into `folder` and returns its path.
    /// Each reader's books lie within a quarter of the catalogue, so `perUser`
    /// must be at most `books / 4 + 1` (more could never be chosen).
    static func write(in folder: URL, users: Int, books: Int, perUser: Int) throws -> String {
        precondition(perUser <= books / 4 + 1, "GeneratedRatings: \(perUser) books per reader of \(books)")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var text = "user,item,rating\n"
        for user in 0..<users {
            var chosen = Set<Int>()
            // Readers cluster around a favourite region of the catalogue, so neighbours exist.
            let centre = next(books)
            while chosen.count < perUser {
                chosen.insert((centre + next(books / 4 + 1)) % books)
            }
            for book in chosen.sorted() { text += "reader\(user),book\(book),\(1 + next(5))\n" }
        }
        let path = folder.appendingPathComponent("ratings.csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
