import Foundation

/// Decides whether a title/author search hit is the book asked for.
///
/// Titles compare after normalising: case and diacritics folded, punctuation
/// dropped, `&` read as "and", a trailing series note such as
/// `"(The Hunger Games, #1)"` and any subtitle after `:` removed. Authors
/// match when a surname of the book's authors is a word of a hit's author.
enum TitleMatch {
    /// True when the volume has the book's main title and one of its surnames.
    /// A book that names no author never matches: a bare title is too weak a key.
    static func matches(_ book: BookLookup, volumeTitle: String?, volumeAuthors: [String]) -> Bool {
        guard let wanted = book.title.map(mainTitle), !wanted.isEmpty,
            let found = volumeTitle.map(mainTitle), wanted == found
        else { return false }
        let surnames = book.authors.compactMap(surname)
        let words = Set(volumeAuthors.flatMap { normalized($0).split(separator: " ").map(String.init) })
        return surnames.contains { words.contains($0) }
    }

    /// The normalised title without series note or subtitle.
    static func mainTitle(_ title: String) -> String {
        var text = title
        if let series = text.range(of: #"\s*\([^()]*#\s*[0-9.]+\)\s*$"#, options: .regularExpression) {
            text.removeSubrange(series)
        }
        if let colon = text.firstIndex(of: ":") {
            text = String(text[..<colon])
        }
        return normalized(text)
    }

    /// The normalised surname: the part before a comma (`"Collins, Suzanne"`),
    /// else the last word (`"Suzanne Collins"`).
    static func surname(_ author: String) -> String? {
        let family = author.firstIndex(of: ",").map { String(author[..<$0]) } ?? author
        let words = normalized(family).split(separator: " ")
        return words.last.map(String.init)
    }

    /// Lower-cased, diacritics folded, apostrophes removed, other punctuation
    /// turned into single spaces.
    static func normalized(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "&", with: " and ")
        var cleaned = ""
        for character in folded where character != "'" && character != "\u{2019}" {
            cleaned.append(character.isLetter || character.isNumber ? character : " ")
        }
        return cleaned.split(separator: " ").joined(separator: " ")
    }
}
