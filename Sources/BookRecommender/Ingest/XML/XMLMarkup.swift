/// Re-serialises what the XML formats parsed, for the `record` column of
/// `rejects.csv`.
enum XMLMarkup {
    /// `text` with `&`, `<`, `>` and `"` written as entities, so it can stand in
    /// element content or a double-quoted attribute value.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// `<name a="1" b="2"/>`.
    static func emptyElement(_ name: String, attributes: [(name: String, value: String)]) -> String {
        let attributeText = attributes.map { " \($0.name)=\"\(escaped($0.value))\"" }.joined()
        return "<\(name)\(attributeText)/>"
    }

    /// `<name><child>text</child>…</name>`.
    static func element(_ name: String, children: [(name: String, text: String)]) -> String {
        let childText = children.map { "<\($0.name)>\(escaped($0.text))</\($0.name)>" }.joined()
        return "<\(name)>\(childText)</\(name)>"
    }
}
