import Foundation

/// Content transfer encodings for mail bodies, whose lines must stay within
/// RFC 5322's limits whatever the text holds: both write lines of at most
/// 76 characters ending in CRLF, and neither ever writes a line holding
/// only a dot (which some `sendmail`s take for the end of the message).
enum MailBody {
    /// Quoted-printable (RFC 2045 section 6.7) of `text`, whose line breaks
    /// (LF) become CRLF hard breaks (the last line keeps none unless `text` ends with one). Kept literal: printable ASCII but `=`,
    /// and spaces and tabs not at the end of a line; a line's leading `.` and
    /// the `F` of a leading `From ` are encoded too, so no transport alters
    /// them. Longer lines get soft breaks (`=` CRLF).
    static func quotedPrintable(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + text.utf8.count / 8)
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let ended = text.utf8.last == UInt8(ascii: "\n")
        if ended { lines.removeLast() }
        for (number, line) in lines.enumerated() {
            var length = 0
            let bytes = Array(line)
            for (index, byte) in bytes.enumerated() {
                let last = index == bytes.count - 1
                let literal =
                    (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=")
                        || (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")) && !last)
                    && !(index == 0 && (byte == UInt8(ascii: ".") || startsFrom(bytes)))
                let token = literal ? String(UnicodeScalar(byte)) : hex(byte)
                // A soft break keeps the line, its "=" included, within 76 characters.
                if length + token.utf8.count > (last ? 76 : 75) {
                    out += "=\r\n"
                    length = 0
                }
                out += token
                length += token.utf8.count
            }
            if ended || number < lines.count - 1 { out += "\r\n" }
        }
        return out
    }

    /// Base64 of `bytes` in lines of 76 characters joined by CRLF (none after the last).
    static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString(options: [
            .lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed,
        ])
    }

    /// `text` with every LF a CRLF: the canonical form of a text body (RFC 2046 section 4.1.1).
    static func crlf(_ text: TextBuffer) -> [UInt8] {
        text.withBytes { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 32)
            for byte in bytes {
                if byte == UInt8(ascii: "\n") { out.append(UInt8(ascii: "\r")) }
                out.append(byte)
            }
            return out
        }
    }

    private static func startsFrom(_ line: [UInt8]) -> Bool {
        line.starts(with: "From ".utf8)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [UInt8(ascii: "="), digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
    }
}
