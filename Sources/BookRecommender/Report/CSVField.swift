/// Quoting for the CSV files `bookrec` writes (RFC 4180).
public enum CSVField {
    /// `value` as one CSV field: quoted when it holds a comma, quote, CR or LF
    /// (or starts with a space), with quotes doubled.
    public static func escape(_ value: String) -> String {
        let needsQuotes =
            value.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || value.first == " " || value.last == " "
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One CSV line (with its `\n`) of escaped fields.
    public static func line(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: ",") + "\n"
    }
}
