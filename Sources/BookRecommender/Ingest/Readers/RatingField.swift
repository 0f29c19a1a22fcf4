/// The rating column of a delimited export, and the one rule every such reader
/// follows for it: an unrated value (empty or 0, as the format says) is a
/// shelved book, a number on the scale a rating, anything else a reject.
struct RatingField {
    /// What a format writes for "the reader has the book but did not rate it".
    struct Unrated: OptionSet {
        let rawValue: UInt8
        /// An empty field (StoryGraph, LibraryThing).
        static let empty = Unrated(rawValue: 1)
        /// A 0 (Goodreads' `My Rating`, Book-Crossing's implicit rating, LibraryThing).
        static let zero = Unrated(rawValue: 2)
    }

    let column: Int
    let scale: RatingScale
    let unrated: Unrated

    /// Sends `book` for `user` to `sink` as a rating, a shelved book or a reject
    /// (not a number, off the scale) with the record's line and raw text.
    func send(_ record: CSVRecord, user: String, book: BookRef, to sink: inout some RecordSink) {
        let bytes = record.trimmedBytes(column)
        if bytes.isEmpty, unrated.contains(.empty) {
            return sink.shelved(user: user, book: book, line: record.line)
        }
        guard let raw = CSVNumber.float(bytes) else {
            return sink.reject(
                line: record.line, reason: .ratingNotANumber(TextDecoding.lossy(bytes)), record: record.rawText)
        }
        if raw == 0, unrated.contains(.zero) {
            return sink.shelved(user: user, book: book, line: record.line)
        }
        guard let value = scale.normalize(raw) else {
            return sink.reject(
                line: record.line, reason: .ratingOffScale(TextDecoding.lossy(bytes)), record: record.rawText)
        }
        sink.rating(user: user, book: book, value: value, line: record.line)
    }
}
