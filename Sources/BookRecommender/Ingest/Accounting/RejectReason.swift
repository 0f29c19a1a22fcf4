/// Why an input record could not be used. Each case becomes the `reason`
/// column of `rejects.csv` and the message of a `--on-bad-record fail` stop.
public enum RejectReason: Sendable, Equatable, CustomStringConvertible {
    /// The record has a different number of fields than the header.
    case fieldCount(expected: Int, found: Int)
    /// The rating field is not a number.
    case ratingNotANumber(String)
    /// The rating is a number outside the format's scale.
    case ratingOffScale(String)
    /// The rating is above every scale that is detected from a file's values
    /// (the file then needs `--rating-scale`).
    case ratingAboveDetection(String)
    /// The user field is empty.
    case missingUser
    /// No field identifies the book (no valid ISBN and no id).
    case noBookID
    /// A quoted field is still open at the end of the file.
    case unterminatedQuote
    /// The record's bytes are not valid UTF-8 and the format has no fallback.
    case invalidEncoding
    /// A loan names a copy or record (`barcode:…`) the `--catalog` does not hold.
    case notInCatalog(String)
    /// Anything else a reader finds wrong, in its own words.
    case other(String)

    /// The reason in words, as `rejects.csv` writes it.
    public var description: String {
        switch self {
        case .fieldCount(let expected, let found): "expected \(expected) fields, found \(found)"
        case .ratingNotANumber(let raw): "rating is not a number: \"\(Self.shortened(raw))\""
        case .ratingOffScale(let raw): "rating is off the scale: \"\(Self.shortened(raw))\""
        case .ratingAboveDetection(let raw):
            "rating \"\(Self.shortened(raw))\" is above 100, beyond every scale detected from the values; "
                + "give --rating-scale MIN-MAX"
        case .missingUser: "no user id"
        case .noBookID: "no usable book id (no valid ISBN and no id)"
        case .unterminatedQuote: "quoted field is not closed before the end of the file"
        case .invalidEncoding: "invalid UTF-8"
        case .notInCatalog(let id):
            "\(Self.shortened(id)) is not in the catalog" + " (give --catalog with the library's MARCXML or holdings)"
        case .other(let text): text
        }
    }

    /// `raw` cut to 64 characters (then `…`), so a megabyte field cannot
    /// bloat a reject row or a message.
    static func shortened(_ raw: String) -> String {
        raw.count > 64 ? String(raw.prefix(64)) + "…" : raw
    }
}
