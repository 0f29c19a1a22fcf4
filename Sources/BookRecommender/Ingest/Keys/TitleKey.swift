import Foundation

/// The key every format shares for a book it names without an ISBN:
/// `title:<title>|<first author's surname>`, both normalised, so that
/// Goodreads' `The Hunger Games (The Hunger Games, #1)` by `Suzanne Collins`
/// and StoryGraph's `The Hunger Games` by `Collins, Suzanne` meet.
///
/// The title is case- and accent-folded, loses a trailing series note that
/// holds `#` (`(Dune, #1)`) and a subtitle after `:`, `&` becomes `and`,
/// apostrophes go and other punctuation becomes a space. The author is
/// reduced to a surname: the part before the comma of `Last, First`, else
/// the whole name; its last word that is not a suffix (`Jr.`, `III`), folded
/// the same way.
enum TitleKey {
    static let prefix = "title:"

    /// The items of `infos` (one per item) grouped by the key of their title
    /// and first author, each group ascending; books without such a key are in none.
    static func groups(_ infos: [ItemInfo]) -> [String: [Int]] {
        var groups: [String: [Int]] = [:]
        for (index, info) in infos.enumerated() {
            guard let key = make(title: info.title, author: info.authors.first ?? "") else { continue }
            groups[key, default: []].append(index)
        }
        return groups
    }

    /// The key of `title` by `author` (the first author as the record gives
    /// it), or nil when the title or the author leaves nothing once
    /// normalised. With `author` nil, a key of the title alone (`title:dune|`),
    /// for a record that names nothing else.
    static func make(title: String?, author: String?) -> String? {
        guard let title else { return nil }
        let words = titleWords(title)
        guard !words.isEmpty else { return nil }
        guard let author else { return prefix + words + "|" }
        let surname = surname(author)
        guard !surname.isEmpty else { return nil }
        return prefix + words + "|" + surname
    }

    /// `title` without its series note and subtitle, as folded words.
    static func titleWords(_ title: String) -> String {
        var text = Substring(title).trimmingCharacters(in: .whitespaces)[...]
        if text.hasSuffix(")"), let open = text.range(of: "(", options: .backwards),
            text[open.upperBound...].contains("#"), !folded(text[..<open.lowerBound]).isEmpty
        {
            text = text[..<open.lowerBound]
        }
        if let colon = text.firstIndex(of: ":"), !folded(text[..<colon]).isEmpty { text = text[..<colon] }
        return folded(text)
    }

    /// The surname of `name` (`Le Guin, Ursula K.` and `Ursula K. Le Guin` both give `guin`).
    static func surname(_ name: String) -> String {
        let parts = name.split(separator: ",", maxSplits: 1)
        let lastFirst = parts.count == 2 && !isSuffix(folded(parts[1]))
        let words = folded(lastFirst ? parts[0] : Substring(name)).split(separator: " ")
        return words.last { !isSuffix($0) }.map(String.init) ?? ""
    }

    /// Lower-case words of letters and digits, accents dropped, `&` read as
    /// `and`, one space between. ASCII text (most titles and names) skips
    /// Foundation's folding, which would only lower its case, as the loop does.
    static func folded(_ text: some StringProtocol) -> String {
        let plain =
            text.utf8.allSatisfy { $0 < 0x80 }
            ? String(text)
            : String(text).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var result = ""
        var pendingSpace = false
        for scalar in plain.unicodeScalars {
            if scalar == "'" || scalar == "\u{2019}" || scalar == "\u{2018}" { continue }
            if scalar == "&" {
                result += result.isEmpty ? "and" : " and"
                pendingSpace = true
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if pendingSpace && !result.isEmpty { result += " " }
                pendingSpace = false
                result.unicodeScalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            } else {
                pendingSpace = true
            }
        }
        return result
    }

    private static func isSuffix(_ word: some StringProtocol) -> Bool {
        ["jr", "sr", "ii", "iii", "iv", "phd", "md"].contains(String(word))
    }
}
