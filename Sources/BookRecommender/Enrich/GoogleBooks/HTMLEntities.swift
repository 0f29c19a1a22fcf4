/// Decodes HTML character references once: the common named ones and the
/// numeric forms (`&#39;`, `&#x27;`). Unknown names are left as they are.
enum HTMLEntities {
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}", "shy": "",
        "ndash": "\u{2013}", "mdash": "\u{2014}", "hellip": "\u{2026}", "bull": "\u{2022}", "middot": "\u{00B7}",
        "lsquo": "\u{2018}", "rsquo": "\u{2019}", "sbquo": "\u{201A}", "ldquo": "\u{201C}", "rdquo": "\u{201D}",
        "bdquo": "\u{201E}", "laquo": "\u{00AB}", "raquo": "\u{00BB}", "copy": "\u{00A9}", "reg": "\u{00AE}",
        "trade": "\u{2122}", "deg": "\u{00B0}", "times": "\u{00D7}", "euro": "\u{20AC}", "pound": "\u{00A3}",
        "eacute": "é", "egrave": "è", "ecirc": "ê", "aacute": "á", "agrave": "à", "acirc": "â", "iacute": "í",
        "oacute": "ó", "ocirc": "ô", "uacute": "ú", "ntilde": "ñ", "ccedil": "ç", "auml": "ä", "ouml": "ö",
        "uuml": "ü", "szlig": "ß", "Eacute": "É", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü",
    ]

    /// `text` with every recognised `&name;`, `&#n;` and `&#xh;` replaced by its character.
    /// Numeric references to no valid character become U+FFFD.
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let afterAmp = rest.index(after: amp)
            let window = rest[afterAmp...].prefix(32)
            if let semicolon = window.firstIndex(of: ";"), let decoded = character(for: rest[afterAmp..<semicolon]) {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest[afterAmp...]
            }
        }
        return result + rest
    }

    private static func character(for name: Substring) -> String? {
        guard name.first == "#" else { return named[String(name)] }
        let digits = name.dropFirst()
        let value: UInt32?
        if digits.first == "x" || digits.first == "X" {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        guard let value else { return nil }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return String(Character(scalar))
    }
}
