/// Tells from its first values whether the book column of a generic ratings
/// file holds ISBNs, whatever its header calls it (Amazon's reviews name it `Id`).
enum ISBNColumnSample {
    /// How many non-empty values are looked at, at most.
    static let values = 1000

    /// True when at least half of the first `values` non-empty values of
    /// `column` are valid ISBN-10s or ISBN-13s as written (check digit right,
    /// nothing repaired); false too for a file that cannot be read again (a pipe).
    static func holdsISBNs(_ file: InputFile, delimiter: UInt8, column: Int) -> Bool {
        guard FileChunks.isRegularFile(file.path),
            var tokenizer = try? CSVTokenizer(path: file.path, delimiter: delimiter, chunkSize: 64 << 10),
            (try? tokenizer.next()) != nil
        else { return false }
        var seen = 0
        var isbns = 0
        while seen < values, let record = try? tokenizer.next() {
            guard record.problem == nil, column < record.count,
                let text = record.text(column, .utf8), !text.isEmpty
            else { continue }
            seen += 1
            // Shorter than an ISBN-10 cannot be one written out: numeric ids stay cheap.
            guard text.utf8.count >= 10 else { continue }
            if case .isbn13(_, repaired: false) = ISBN.normalize(text) { isbns += 1 }
        }
        return seen > 0 && 2 * isbns >= seen
    }
}
