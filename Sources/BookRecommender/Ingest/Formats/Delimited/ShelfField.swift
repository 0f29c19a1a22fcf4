/// The shelf column of a reading-app export (Goodreads' `Exclusive Shelf`,
/// StoryGraph's `Read Status`, LibraryThing's `Collections`): what a book
/// without stars is to its reader. A cell may list several shelves
/// (`Your library, Currently reading`); the first one `InteractionKind.shelf`
/// knows decides. Without the column, or with no known shelf, the book is `unrated`.
struct ShelfField {
    let column: Int?

    func kind(in record: CSVRecord) -> InteractionKind {
        guard let column, let text = record.text(column, TextDecoding.utf8WithLatin1Fallback) else { return .unrated }
        return InteractionKind.firstShelf(in: text) ?? .unrated
    }
}
