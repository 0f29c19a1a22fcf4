/// Decimal text for numbers that were rounded on purpose (scores, ratings),
/// so that `4.2` never prints as `4.2000000000000002`.
public enum DecimalText {
    /// `value` rounded half away from zero to `places` decimals (clamped to
    /// 1...12), with trailing zeros trimmed but at least one decimal kept:
    /// `4.2`, `5.0`, `0.1235`. Never prints `-0.0`.
    ///
    /// Returns `nil` for NaN and infinities. Magnitudes too large for exact
    /// integer scaling fall back to Swift's shortest round-trip form.
    public static func string(_ value: Double, places: Int) -> String? {
        guard value.isFinite else { return nil }
        let places = min(max(places, 1), 12)
        var power: UInt64 = 1
        for _ in 0..<places { power *= 10 }
        let scaled = (value * Double(power)).rounded(.toNearestOrAwayFromZero)
        // Below 2^53 every integer is exact, so the digits are too.
        guard abs(scaled) < 9_007_199_254_740_992 else { return value.description }
        let magnitude = Int64(scaled).magnitude
        var fraction = String(magnitude % power)
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.count > 1, fraction.last == "0" { fraction.removeLast() }
        let sign = scaled < 0 ? "-" : ""
        return "\(sign)\(magnitude / power).\(fraction)"
    }
}
