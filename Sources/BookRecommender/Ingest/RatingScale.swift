/// A source's rating scale, and how its ratings go onto the model's one
/// scale: (0, 5], five stars.
///
/// A scale whose lowest rating is above 0 maps a rating r to r × 5 / maximum
/// (Book-Crossing's 1–10 is halved; 0.5–5 and 1–5 stay as they are), and on
/// it a 0 means "no rating". A scale that starts at 0 (given outright, as
/// `0-10`) counts 0 as its lowest rating and maps r to (r + 1) × 5 / (maximum + 1).
struct RatingScale: Sendable, Equatable, Codable {
    /// The smallest rating the source uses.
    var minimum: Float
    /// The largest rating the source uses.
    var maximum: Float

    /// Goodreads-style stars, half stars allowed.
    static let fiveStars = RatingScale(minimum: 0.25, maximum: 5)
    /// Book-Crossing-style 1 to 10.
    static let tenPoints = RatingScale(minimum: 1, maximum: 10)
    /// The largest rating `detected(from:)` accepts: a percentage.
    static let detectionLimit: Float = 100

    /// The scale from `minimum` to `maximum`, as the source states them.
    init(minimum: Float, maximum: Float) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Parses `MIN-MAX` (`1-10`, `0.5-5`, `0-100`): 0 ≤ MIN < MAX ≤ 1,000,000.
    /// - Returns: nil for anything else; callers report the whole value.
    init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let low = Float(parts[0]), let high = Float(parts[1]),
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } }),
            low >= 0, low < high, high <= 1_000_000
        else { return nil }
        self.init(minimum: low, maximum: high)
    }

    /// True when a 0 on this scale means "no rating" (its lowest rating is above 0).
    var zeroIsUnrated: Bool { minimum > 0 }

    /// `MIN-MAX`, as `--rating-scale` takes it.
    var text: String { "\(Self.number(minimum))-\(Self.number(maximum))" }

    /// The rating on the common scale, or nil when `raw` is outside this scale.
    @inline(__always)
    func normalize(_ raw: Float) -> Float? {
        guard raw.isFinite, raw >= minimum, raw <= maximum else { return nil }
        if minimum == 0 { return (raw + 1) * 5 / (maximum + 1) }
        return maximum == 5 ? raw : raw * 5 / maximum
    }

    /// The scale a file's ratings are on, judged from every non-zero rating
    /// in it: the smallest of five stars, 1–10 and a percentage that holds all
    /// but at most 5 % of them (those few are off the scale: a stray `7` in a
    /// file of stars, not a 1–10 file). Its lowest rating is the smallest one
    /// seen, but at most 1 (`1` for whole stars, `0.5` for half stars). Nil
    /// when there is no rating, or more than 5 % lie above 100.
    /// - Parameter holdingAll: take the smallest scale that holds every
    ///   rating (for a file that cannot be read a second time).
    static func detected(from values: RatingValues, holdingAll: Bool = false) -> RatingScale? {
        guard values.count > 0 else { return nil }
        let tolerated = holdingAll ? 0 : values.count / 20
        let maximum: Float
        if values.aboveFive <= tolerated {
            maximum = 5
        } else if values.aboveTen <= tolerated {
            maximum = 10
        } else if values.aboveHundred <= tolerated {
            maximum = detectionLimit
        } else {
            return nil
        }
        return RatingScale(minimum: min(values.smallest, 1), maximum: maximum)
    }

    private static func number(_ value: Float) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : "\(value)"
    }
}
