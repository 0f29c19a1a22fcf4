/// `lists.tsv`: every reader's picks as item keys, best first, so that the
/// next run can tell what is new (see `PreviousLists`) without parsing
/// every `users/<id>.json`.
///
/// ```
/// bookrec-lists 1<TAB>{"catalog":…,"top":10,…}      the format and the run's ListSettings
/// alice<TAB>9780441013593<TAB>9780141439587          one line per reader, in UTF-8 order of ids
/// milo                                               a reader without picks
/// ```
///
/// Ids and keys come from the input, so `\`, tab, line feed and carriage
/// return in them are written `\\`, `\t`, `\n` and `\r`: a line is always
/// one reader and a field one key.
enum ReaderLists {
    /// The file's name in a run folder.
    static let fileName = "lists.tsv"
    /// The first field of the first line: the format and its version.
    static let signature = "bookrec-lists 1"

    /// The first line, naming `settings` (compact JSON, sorted keys).
    static func header(_ settings: ListSettings) -> String {
        signature + "\t" + settings.json + "\n"
    }

    /// Writes `user`'s line into `out`.
    static func write(_ user: UserPicks, to out: TextBuffer) {
        append(escaped: user.user, to: out)
        for pick in user.picks {
            out.append(byte: UInt8(ascii: "\t"))
            append(escaped: pick.item, to: out)
        }
        out.append(byte: UInt8(ascii: "\n"))
    }

    private static func append(escaped text: String, to out: TextBuffer) {
        guard text.utf8.contains(where: needsEscape) else { return out.append(text) }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): out.append("\\\\")
            case UInt8(ascii: "\t"): out.append("\\t")
            case UInt8(ascii: "\n"): out.append("\\n")
            case UInt8(ascii: "\r"): out.append("\\r")
            default: out.append(byte: byte)
            }
        }
    }

    static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// A field of a line as written, escapes undone; nil for a `\` that
    /// starts no known escape (a damaged file).
    static func unescaped(_ field: ArraySlice<UInt8>) -> String? {
        guard field.contains(UInt8(ascii: "\\")) else { return String(decoding: field, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count)
        var iterator = field.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                continue
            }
            switch iterator.next() {
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "t"): bytes.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "n"): bytes.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "r"): bytes.append(UInt8(ascii: "\r"))
            default: return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
