/// Decimal text for numbers that were rounded on purpose (scores, ratings),
/// so that `4.2` never prints as `4.2000000000000002`.
enum DecimalText {
    /// `value` rounded half away from zero to `places` decimals (clamped to
    /// 1...12), with trailing zeros trimmed but at least one decimal kept:
    /// `4.2`, `5.0`, `0.1235`. Never prints `-0.0`.
    ///
    /// Returns `nil` for NaN and infinities. Magnitudes too large for exact
    /// integer scaling fall back to Swift's shortest round-trip form.
    static func string(_ value: Double, places: Int) -> String? {
        let text = TextBuffer()
        return text.append(decimal: value, places: places) ? text.string : nil
    }
}
