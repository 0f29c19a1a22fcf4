/// The rating column of a delimited export, and the one rule every such format
/// follows for it: an unrated value (empty or 0, as the format says) is an
/// interaction without stars, a number on the scale a rating, anything else a reject.
struct RatingField: Sendable {
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
    @inline(__always)
    func value(of bytes: UnsafeBufferPointer<UInt8>) -> Value {
        // One digit, the usual rating, read here as `CSVNumber.float` reads it.
        let digit = bytes.count == 1 ? bytes[0] &- UInt8(ascii: "0") : 10
        if digit < 10 { return value(raw: Float(digit), bytes) }
        if bytes.isEmpty, unrated.contains(.empty) { return .withoutStars }
        guard let raw = CSVNumber.float(bytes) else { return .rejected(.ratingNotANumber(TextDecoding.lossy(bytes))) }
        return value(raw: raw, bytes)
    }

    /// What a field that holds the number `raw` (written as `bytes`) says.
    @inline(__always)
    private func value(raw: Float, _ bytes: UnsafeBufferPointer<UInt8>) -> Value {
        if raw == 0, unrated.contains(.zero) { return .withoutStars }
        guard let value = onScale(raw) else { return .rejected(offScale(raw, bytes)) }
        return .rating(value)
    }

    /// Why `raw`, written as `bytes`, is not a rating on the scale.
    private func offScale(_ raw: Float, _ bytes: UnsafeBufferPointer<UInt8>) -> RejectReason {
        let text = TextDecoding.lossy(bytes)
        return scale == nil && raw > 0 ? .ratingAboveDetection(text) : .ratingOffScale(text)
    }

    /// `raw` on the common scale, or kept as it is while the scale is being
    /// detected; nil when it is off the scale.
    @inline(__always)
    private func onScale(_ raw: Float) -> Float? {
        guard let scale else { return raw > 0 && raw <= RatingScale.detectionLimit ? raw : nil }
        return scale.normalize(raw)
    }

    /// The rating a field's trimmed `bytes` hold when they hold one on the
    /// scale, else nil (then `value(of:)` tells what they are): for a plain line.
    @inline(__always)
    func plainRating(_ bytes: UnsafeBufferPointer<UInt8>) -> Float? {
        guard case .rating(let value) = value(of: bytes) else { return nil }
        return value
    }

    /// `plainRating(_:)` for the number a field holds (an XML attribute's):
    /// nil for a 0 that means "unrated" or a number off the scale.
    @inline(__always)
    func plainRating(raw: Float) -> Float? {
        raw != 0 || !unrated.contains(.zero) ? onScale(raw) : nil
    }

    /// What the field of `record` says `user` did with `book`: rated it, had
    /// it without stars (an interaction of `unratedKind`), or neither (the
    /// field is not a number, or off the scale).
    func outcome(
        in record: CSVRecord, user: RowKey<String>, book: RowKey<NewBook>, unratedKind: InteractionKind
    ) -> RowOutcome {
        switch value(in: record) {
        case .rating(let value): .accepted(user: user, book: book, value: .rating(value))
        case .withoutStars: .accepted(user: user, book: book, value: .interaction(unratedKind, count: 1))
        case .rejected(let reason): .rejected(reason)
        }
    }
}
