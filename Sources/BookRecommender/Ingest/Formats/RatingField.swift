/// The rating column of a delimited export, and the one rule every such reader
/// follows for it: an unrated value (empty or 0, as the format says) is an
/// interaction without stars, a number on the scale a rating, anything else a reject.
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
    /// The file's scale, or nil while it is being detected: then every
    /// rating in (0, `RatingScale.detectionLimit`] is kept as it is, to be put
    /// on the common scale once the whole file is read (see `IngestSink`), and
    /// a larger one is rejected.
    let scale: RatingScale?
    let unrated: Unrated

    /// What the field of one record says.
    enum Value {
        case rating(Float)
        case withoutStars
        case rejected(RejectReason)
    }

    /// The field of `record` read by this rule: a rating on the common scale,
    /// a book without stars, or why it is neither (not a number, off the scale).
    func value(in record: CSVRecord) -> Value {
        value(of: record.trimmedBytes(column))
    }

    /// `value(in:)` for a field's trimmed bytes.
    func value(of bytes: UnsafeBufferPointer<UInt8>) -> Value {
        if bytes.isEmpty, unrated.contains(.empty) { return .withoutStars }
        guard let raw = CSVNumber.float(bytes) else { return .rejected(.ratingNotANumber(TextDecoding.lossy(bytes))) }
        if raw == 0, unrated.contains(.zero) { return .withoutStars }
        guard let value = onScale(raw) else {
            let text = TextDecoding.lossy(bytes)
            return .rejected(scale == nil && raw > 0 ? .ratingAboveDetection(text) : .ratingOffScale(text))
        }
        return .rating(value)
    }

    /// `raw` on the common scale, or kept as it is while the scale is being
    /// detected; nil when it is off the scale.
    @inline(__always)
    private func onScale(_ raw: Float) -> Float? {
        guard let scale else { return raw > 0 && raw <= RatingScale.detectionLimit ? raw : nil }
        return scale.normalize(raw)
    }

    /// The rating in `record` when its field holds one on the scale, else nil
    /// (then `value(in:)` tells what it is): the same answer, found faster.
    @inline(__always)
    func plainRating(in record: CSVRecord) -> Float? {
        plainRating(record.trimmedBytes(column))
    }

    /// `plainRating(in:)` for the field's trimmed bytes.
    @inline(__always)
    func plainRating(_ bytes: UnsafeBufferPointer<UInt8>) -> Float? {
        // One digit, the usual rating, read here as `CSVNumber.float` reads it.
        let digit = bytes.count == 1 ? bytes[0] &- UInt8(ascii: "0") : 10
        guard let raw = digit < 10 ? Float(digit) : CSVNumber.float(bytes) else { return nil }
        return plainRating(raw: raw)
    }

    /// `plainRating(_:)` for the number the field holds: nil for a 0 that
    /// means "unrated" or a number off the scale.
    @inline(__always)
    func plainRating(raw: Float) -> Float? {
        raw != 0 || !unrated.contains(.zero) ? onScale(raw) : nil
    }

    /// Sends `book` for `user` to `sink` as a rating, an interaction of
    /// `unratedKind` (the field holds no stars) or a reject (not a number, off
    /// the scale) with the record's line and raw text.
    func send(
        _ record: CSVRecord, user: String, book: BookRef, unratedKind: InteractionKind, to sink: inout some RecordSink
    ) {
        switch value(in: record) {
        case .rating(let value): sink.rating(user: user, book: book, value: value, line: record.line)
        case .withoutStars: sink.interaction(user: user, book: book, kind: unratedKind, line: record.line)
        case .rejected(let reason): sink.reject(line: record.line, reason: reason, record: record.rawText)
        }
    }
}
