import Foundation

/// One decoded book of a LibraryThing JSON export.
struct LibraryThingJSONBook {
    let key: String
    let fields: [String: Any]

    /// Sends the book to `sink` as a rating, an interaction without stars or a reject.
    func send(user: String, line: Int, raw: String, to sink: inout some RecordSink) {
        let id = string("books_id") ?? key
        let title = string("title")
        let author = string("primaryauthor")
        let book = BookRef(
            isbn13: isbnCandidates().lazy.compactMap { ISBN.normalize($0).isbn13 }.first,
            localID: id.isEmpty ? nil : "librarything:\(id)", title: title, authors: author.map { [$0] } ?? [])
        guard !book.isUnidentified else { return sink.reject(line: line, reason: .noBookID, record: raw) }
        let unratedKind =
            (fields["collections"] as? [Any] ?? []).lazy.compactMap { ($0 as? String).flatMap(InteractionKind.shelf) }
            .first ?? .unrated
        switch fields["rating"] {
        case nil, is NSNull:
            sink.interaction(user: user, book: book, kind: unratedKind, line: line)
        case let text as String where text.trimmingBlanks().isEmpty:
            sink.interaction(user: user, book: book, kind: unratedKind, line: line)
        case let value?:
            let text = "\(value)"
            guard
                let number = (value as? NSNumber)?.floatValue
                    ?? (value as? String).flatMap({ Float($0.trimmingBlanks()) })
            else { return sink.reject(line: line, reason: .ratingNotANumber(text), record: raw) }
            if number == 0 { return sink.interaction(user: user, book: book, kind: unratedKind, line: line) }
            guard let normalized = InputFormat.librarything.fixedScale!.normalize(number) else {
                return sink.reject(line: line, reason: .ratingOffScale(text), record: raw)
            }
            sink.rating(user: user, book: book, value: normalized, line: line)
        }
    }

    /// `originalisbn`, then every value of `isbn` (object in key order, array, or string).
    func isbnCandidates() -> [String] {
        var candidates = [string("originalisbn")].compactMap { $0 }
        switch fields["isbn"] {
        case let text as String: candidates.append(text)
        case let list as [Any]: candidates += list.compactMap { $0 as? String }
        case let object as [String: Any]:
            let keys = object.keys.sorted { (Int($0) ?? .max, $0) < (Int($1) ?? .max, $1) }
            candidates += keys.compactMap { object[$0] as? String }
        default: break
        }
        return candidates
    }

    private func string(_ name: String) -> String? {
        guard let text = (fields[name] as? String)?.trimmingBlanks(), !text.isEmpty else { return nil }
        return text
    }
}
