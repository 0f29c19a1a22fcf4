import Foundation

/// MARC records carry ISBD punctuation at the ends of subfields: it announces
/// the next subfield (`Title :` before a subtitle, `Title /` before the
/// statement of responsibility, `Collins, Suzanne,` before dates) and is not
/// part of the title or name, so pages and Google Books queries drop it.
enum ISBDPunctuation {
    /// `text` without the trailing ` /`, ` :`, ` ;`, ` =`, `,` and `.` (any
    /// run of them, and the blanks between). A final `.` stays after an
    /// initial when `keepingInitials` (`Rowling, J. K.`), and an ellipsis
    /// (`...`) always stays.
    static func trimmed(_ text: String, keepingInitials: Bool = false) -> String {
        var rest = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        while let last = rest.last {
            switch last {
            case "/", ":", ";", "=", ",":
                rest = rest.dropLast()
            case ".":
                if rest.hasSuffix("...") || (keepingInitials && endsWithInitial(rest.dropLast())) {
                    return String(rest)
                }
                rest = rest.dropLast()
            case _ where last.isWhitespace:
                rest = rest.dropLast()
            default:
                return String(rest)
            }
        }
        return String(rest)
    }

    /// A personal name from `100 $a` without its punctuation, turned from
    /// "Last, First" into "First Last" when that is unambiguous: the first
    /// indicator says the name starts with a surname (`1`) and one comma
    /// splits it into two non-empty parts. Forenames (`Homer`), family names
    /// and names with more commas are kept as written; Google Books' `inauthor:`
    /// matches either order.
    static func personalName(_ text: String, indicator1: String) -> String {
        let name = trimmed(text, keepingInitials: true)
        let parts = name.split(separator: ",", omittingEmptySubsequences: false)
        guard indicator1 == "1", parts.count == 2 else { return name }
        let surname = parts[0].trimmingCharacters(in: .whitespaces)
        let forenames = parts[1].trimmingCharacters(in: .whitespaces)
        guard !surname.isEmpty, !forenames.isEmpty else { return name }
        return "\(forenames) \(surname)"
    }

    /// True when `text` ends with a single letter standing alone (`J. K`,
    /// `J.R.R`), the initial whose full stop is its own.
    private static func endsWithInitial(_ text: Substring) -> Bool {
        guard let last = text.last, last.isLetter else { return false }
        let beforeLast = text.dropLast().last
        return beforeLast == nil || beforeLast == " " || beforeLast == "."
    }
}
