/// A book like another, as `BookModel.similar(to:top:)` returns it.
public struct SimilarBook: Sendable, Equatable, Hashable {
    /// The book's key: its ISBN-13 when known, else the id its ratings gave it.
    public var book: String
    /// The book's title, when its ratings or the catalog gave one.
    public var title: String?
    /// How alike the two books are, by the model's similarity measure (larger is closer).
    public var similarity: Double

    /// A similar book with these values.
    public init(book: String, title: String?, similarity: Double) {
        self.book = book
        self.title = title
        self.similarity = similarity
    }
}
