/// The byte-level conventions of a delimited file.
enum CSVDialect {
    static let comma = UInt8(ascii: ",")
    static let semicolon = UInt8(ascii: ";")
    static let tab = UInt8(ascii: "\t")
    static let quote = UInt8(ascii: "\"")
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")

    /// The delimiter of a file whose first line starts `bytes`: whichever of
    /// `,` `;` and tab occurs most often outside double quotes before the first
    /// line end. Ties and a line without any of them give `,`.
    /// - Complexity: O(length of the first line).
    static func detectDelimiter(in bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var commas = 0
        var semicolons = 0
        var tabs = 0
        var inQuotes = false
        for byte in bytes {
            if byte == quote {
                inQuotes.toggle()
            } else if !inQuotes {
                switch byte {
                case comma: commas += 1
                case semicolon: semicolons += 1
                case tab: tabs += 1
                case lineFeed, carriageReturn: return pick(commas: commas, semicolons: semicolons, tabs: tabs)
                default: break
                }
            }
        }
        return pick(commas: commas, semicolons: semicolons, tabs: tabs)
    }

    private static func pick(commas: Int, semicolons: Int, tabs: Int) -> UInt8 {
        if semicolons > commas, semicolons >= tabs { return semicolon }
        if tabs > commas, tabs > semicolons { return tab }
        return comma
    }
}
