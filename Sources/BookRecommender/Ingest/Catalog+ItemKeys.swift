/// Where a book is counted: the one decision every format's records go
/// through, whether the parser or the sink meets the book first.
extension Catalog {
    /// The item key `book` is counted under, and its catalog entry if it has
    /// one: its ISBN-13, else the catalog's key for it, else its title and
    /// first author's key (see `TitleKey`), else its own id, else a key of its
    /// title alone; nil when nothing identifies it.
    func itemKey(for book: BookRef) -> (key: String, entry: Entry?)? {
        let entry = isEmpty ? nil : entry(for: book)
        guard
            let key = book.isbn13 ?? entry?.itemKey
                ?? book.title.flatMap({ TitleKey.make(title: $0, author: book.authors.first ?? "") })
                ?? book.localID.flatMap({ $0.isEmpty ? nil : $0 }) ?? TitleKey.make(title: book.title, author: nil)
        else { return nil }
        return (key, entry)
    }

    /// How a record that says a reader has a book counts.
    enum Resolution {
        /// As the item `key` (with its catalog entry, if it has one).
        case item(key: String, entry: Entry?)
        /// Not at all: no user, a loan of a copy the catalog does not hold, or
        /// nothing that identifies the book.
        case refused(RejectReason)
    }

    /// How a record that says `user` has `book` counts.
    func resolve(user: String, book: BookRef) -> Resolution {
        if user.isEmpty { return .refused(.missingUser) }
        if book.requiresCatalog, entry(for: book) == nil { return .refused(.notInCatalog(book.localID ?? "")) }
        guard let (key, entry) = itemKey(for: book) else { return .refused(.noBookID) }
        return .item(key: key, entry: entry)
    }
}
