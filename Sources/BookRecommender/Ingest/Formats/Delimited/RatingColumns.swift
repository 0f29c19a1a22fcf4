/// The user, book and rating columns of a generic ratings file, found when
/// `--columns` does not name them: the first column named like one of the
/// usual names, ignoring case, spaces and punctuation (see
/// `CSVHeader.index(likeAny:)`). Review and library dumps name them in many
/// ways (`User_id`, `review/score`, `asin`), so the lists are broad; a bare
/// `Id` is the book only beside a `Title` column (each row is about a book,
/// as in Amazon's review dumps), never in a file of ids alone, where it is
/// more likely a row number.
enum RatingColumns: String {
    case user, book, rating

    /// The usual names, most likely first.
    var names: [String] {
        switch self {
        case .user: ["user_id", "user", "reader_id", "reader", "reviewer_id", "member_id", "member", "customer_id"]
        case .book: ["book_id", "isbn", "item_id", "item", "book", "isbn13", "isbn10", "asin", "work_id"]
        case .rating:
            ["rating", "book-rating", "value", "score", "review/score", "stars", "star_rating", "my_rating", "overall"]
        }
    }

    /// The column of `header` under one of the usual names, or nil.
    func index(in header: CSVHeader) -> Int? {
        let found = header.index(likeAny: names)
        guard found == nil, self == .book, header.contains("title") else { return found }
        return header.index(likeAny: ["id"])
    }
}
