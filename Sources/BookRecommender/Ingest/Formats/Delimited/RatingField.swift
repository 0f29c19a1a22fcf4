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
    func value(of bytes: UnsafeBufferPointer<UInt8>) -> Value {
        if bytes.isEmpty, unrated.contains(.empty) { return .withoutStars }
        guard let raw = Self.number(bytes) else { return .rejected(.ratingNotANumber(TextDecoding.lossy(bytes))) }
        if meansUnrated(raw) { return .withoutStars }
        guard let value = onScale(raw) else {
            let text = TextDecoding.lossy(bytes)
            return .rejected(scale == nil && raw > 0 ? .ratingAboveDetection(text) : .ratingOffScale(text))
        }
        return .rating(value)
    }

    /// The number a rating field's bytes hold, or nil (see `CSVNumber.float`).
    @inline(__always)
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Float? {
        // One digit, the usual rating, read here as `CSVNumber.float` reads it.
        let digit = bytes.count == 1 ? bytes[0] &- UInt8(ascii: "0") : 10
        return digit < 10 ? Float(digit) : CSVNumber.float(bytes)
    }

    /// True when a field holding the number `raw` means "no stars".
    @inline(__always)
    private func meansUnrated(_ raw: Float) -> Bool {
        raw == 0 && unrated.contains(.zero)
    }

    /// `raw` on the common scale, or kept as it is while the scale is being
    /// detected; nil when it is off the scale.
    @inline(__always)
    private func onScale(_ raw: Float) -> Float? {
        guard let scale else { return raw > 0 && raw <= RatingScale.detectionLimit ? raw : nil }
        return scale.normalize(raw)
    }

    /// The rating a field's trimmed `bytes` hold when they hold one on the
    /// scale, else nil (then `value(of:)` tells what they hold): the same
    /// answer for a plain line, found without making a reject.
    @inline(__always)
    func plainRating(_ bytes: UnsafeBufferPointer<UInt8>) -> Float? {
        guard let raw = Self.number(bytes) else { return nil }
        return plainRating(raw: raw)
    }

    /// `plainRating(_:)` for the number a field holds (an XML attribute's):
    /// nil for a number that means "no stars" or is off the scale.
    @inline(__always)
    func plainRating(raw: Float) -> Float? {
        meansUnrated(raw) ? nil : onScale(raw)
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
