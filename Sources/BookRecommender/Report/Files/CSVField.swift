/// Quoting for the CSV files `bookrec` writes (RFC 4180).
enum CSVField {
    /// `value` as one CSV field: quoted when it holds a comma, quote, CR or LF
    /// (or starts or ends with a space), with quotes doubled. Judged on the
    /// UTF-8 bytes: a CR LF pair is one `Character`, equal to neither CR nor LF.
    static func escape(_ value: String) -> String {
        let needsQuotes =
            value.utf8.contains {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n")
                    || $0 == UInt8(ascii: "\r")
            } || value.utf8.first == UInt8(ascii: " ") || value.utf8.last == UInt8(ascii: " ")
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One CSV line (with its `\n`) of escaped fields.
    static func line(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: ",") + "\n"
    }
}
