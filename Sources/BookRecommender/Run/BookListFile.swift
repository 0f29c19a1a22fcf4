import Foundation

/// `--exclude` and `--only` files: one book per line, as an ISBN (any form the
/// ISBN normaliser repairs) or an item key; the first field of a CSV line
/// counts, blank lines and `#` comments are skipped.
enum BookListFile {
    /// The items of `data` that the file names, and how many lines named a book
    /// the ratings do not have.
    /// - Throws: `IngestError.cannotRead` naming the file.
    static func items(in path: String, itemIndex: [String: Int32]) throws(IngestError) -> (ItemSet, unknown: Int) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .cannotRead(path: path, reason: AtomicFile.describe(error))
        }
        var items = ItemSet()
        var unknown = 0
        for line in text.split(whereSeparator: \.isNewline) {
            let field = line.split(separator: ",", maxSplits: 1).first.map(String.init) ?? ""
            let token = field.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\"")))
            guard !token.isEmpty, !token.hasPrefix("#") else { continue }
            let key: String =
                switch ISBN.normalize(token) {
                case .isbn13(let isbn, _): isbn
                case .asin(let asin): "asin:" + asin
                case .invalid, .empty: token
                }
            if let item = itemIndex[key] { items.insert(item) } else { unknown += 1 }
        }
        return (items, unknown)
    }
}
