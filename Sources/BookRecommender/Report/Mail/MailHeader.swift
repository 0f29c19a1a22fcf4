import Foundation

/// Header fields of the mails `bookrec` writes (RFC 5322, RFC 2047): every
/// line ends in CRLF and stays within 78 characters where it can (998 at
/// most); text that is not plain printable ASCII goes out as UTF-8 "B"
/// encoded words, each at most 75 characters and holding whole characters.
enum MailHeader {
    /// The preferred longest header line, CRLF not counted.
    static let lineLength = 78

    /// `name: value` folded into lines: `words` are joined by single spaces,
    /// and a line break (CRLF and a space) replaces the space before a word
    /// that would pass `lineLength`. Words are printable ASCII: the callers
    /// check and encode what they pass, and, as the last line of defence, a
    /// word holding anything else (CR, LF, any control character) goes out as
    /// encoded words anyway, so no value can end the header or start another.
    static func field(_ name: String, _ words: [String]) -> String {
        var out = name + ":"
        var lineStart = 0
        for word in words.flatMap({ $0.utf8.allSatisfy { (0x20..<0x7F).contains($0) } ? [$0] : encodedWords($0) }) {
            if out.utf8.count - lineStart + 1 + word.utf8.count > lineLength,
                out.utf8.count > lineStart + name.utf8.count + 1
            {
                out += "\r\n"
                lineStart = out.utf8.count
            }
            out += " " + word
        }
        return out + "\r\n"
    }

    /// An unstructured value (a subject) as header words: as it is when it
    /// is plain printable ASCII in short words that cannot be taken for
    /// encoded words, else encoded words.
    static func unstructured(_ text: String) -> [String] {
        let words = text.split(separator: " ").map(String.init)
        let plain =
            text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } && !text.contains("=?")
            && words.allSatisfy { $0.utf8.count <= lineLength - 12 }
        return plain ? words : encodedWords(text)
    }

    /// A display name as header words: a quoted string when it is printable
    /// ASCII, else encoded words (RFC 2047 section 5 (3)).
    static func phrase(_ name: String) -> [String] {
        guard name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), !name.contains("=?"),
            name.utf8.count <= lineLength - 12
        else { return encodedWords(name) }
        let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return ["\"" + escaped + "\""]
    }

    /// `address` as a mailbox: `phrase <addr>`, or the addr-spec alone.
    static func mailbox(_ address: MailAddress) -> [String] {
        guard let name = address.name else { return [address.address] }
        return phrase(name) + ["<" + address.address + ">"]
    }

    /// `text` as `=?UTF-8?B?…?=` words of at most 75 characters, each
    /// holding 45 bytes of UTF-8 at most and never part of a character.
    static func encodedWords(_ text: String) -> [String] {
        var words: [String] = []
        var chunk: [UInt8] = []
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            if chunk.count + bytes.count > 45 {
                words.append(encodedWord(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(encodedWord(chunk)) }
        return words
    }

    private static func encodedWord(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?" + Data(bytes).base64EncodedString() + "?="
    }

    /// `date` as RFC 5322 writes it, in UTC: `Tue, 01 Dec 2026 02:15:00 +0000`.
    static func date(_ date: Date) -> String {
        DateFormatter.utc("EEE, dd MMM yyyy HH:mm:ss '+0000'").string(from: date)
    }
}
