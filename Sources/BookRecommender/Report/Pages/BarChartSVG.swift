/// A small horizontal bar chart drawn as inline SVG: one row per bar, its
/// label above it and its value beside it. No scripts, no outside resources;
/// every label is escaped with `HTMLEscape.text`.
///
/// Colours are presentation attributes (for readers that ignore the style
/// sheet), which the style sheet's `.chart` rules override for dark mode.
enum BarChartSVG {
    /// One bar.
    struct Bar: Sendable, Equatable {
        /// Drawn above the bar, unescaped here (the chart escapes it) and
        /// shortened to `maxLabel` characters.
        var label: String
        /// The bar's length relative to the chart's scale.
        var value: Double
        /// The value as shown beside the bar (`4 members`, `4.8`).
        var valueText: String

        /// A bar labelled `label`, `value` long, with `valueText` beside it.
        init(label: String, value: Double, valueText: String) {
            self.label = label
            self.value = value
            self.valueText = valueText
        }
    }

    static let width = 360
    static let rowHeight = 40
    static let barHeight = 12
    /// Room right of the longest bar for its value.
    static let valueRoom = 96
    /// Labels longer than this many characters end in `…`.
    static let maxLabel = 46

    /// The `<svg>` element for `bars`, in the order given, described for
    /// screen readers by `summary`. A bar's length is its value over `scale`
    /// (the largest value when `scale` is nil), drawn at least 2 units long.
    static func chart(_ bars: [Bar], summary: String, scale: Double? = nil) -> String {
        let height = bars.count * rowHeight + 4
        let largest = scale ?? bars.map(\.value).max() ?? 1
        let room = Double(width - valueRoom)
        var svg = "<svg class=\"chart\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" "
        svg += "role=\"img\" aria-label=\"\(HTMLEscape.text(summary))\">\n"
        for (index, bar) in bars.enumerated() {
            let top = index * rowHeight
            let fraction = largest > 0 && bar.value.isFinite ? min(max(bar.value / largest, 0), 1) : 0
            let length = max(room * fraction, 2)
            let lengthText = DecimalText.string(length, places: 1) ?? "2.0"
            svg += "<text x=\"0\" y=\"\(top + 15)\" fill=\"#1d1d1b\">\(HTMLEscape.text(shortened(bar.label)))</text>\n"
            svg += "<rect x=\"0\" y=\"\(top + 21)\" width=\"\(lengthText)\" height=\"\(barHeight)\" rx=\"3\" "
            svg += "fill=\"#8a4f00\"></rect>\n"
            let valueX = DecimalText.string(length + 6, places: 1) ?? "8.0"
            svg += "<text class=\"value\" x=\"\(valueX)\" y=\"\(top + 32)\" fill=\"#57574f\">"
            svg += "\(HTMLEscape.text(bar.valueText))</text>\n"
        }
        return svg + "</svg>\n"
    }

    /// `label` cut to `limit` characters, at a word boundary when one is
    /// near, with `…` appended when cut.
    static func shortened(_ label: String, to limit: Int = maxLabel) -> String {
        guard label.count > limit else { return label }
        let head = label.prefix(limit - 1)
        if let space = head.lastIndex(of: " "), head.distance(from: head.startIndex, to: space) > limit / 2 {
            return String(head[..<space]) + "…"
        }
        return String(head) + "…"
    }
}
