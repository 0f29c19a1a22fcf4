/// How pages put what a reader did with a book they have without stars.
extension InteractionKind {
    /// What follows "Because you" in a pick's reasons: "read", "borrowed"…
    var because: String {
        switch self {
        case .read: "read"
        case .reading: "are reading"
        case .toRead: "want to read"
        case .unrated: "have"
        case .loan: "borrowed"
        }
    }

    /// A short label beside the book in a list, where a rated book shows its stars.
    var label: String {
        switch self {
        case .read: "read"
        case .reading: "reading"
        case .toRead: "to read"
        case .unrated: "no stars"
        case .loan: "borrowed"
        }
    }
}
