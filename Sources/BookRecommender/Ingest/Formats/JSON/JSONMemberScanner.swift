/// Splits the top-level object of a JSON document into its members without
/// parsing them, so that each member can be decoded (and rejected) on its own
/// with the line it starts on.
struct JSONMemberScanner {
    /// One `"key": value` member, or the text of one that is broken.
    struct Member {
        /// The 1-based line the member starts on.
        var line: Int
        /// Where the member's text is in the document.
        var range: Range<Int>
        /// True when the document ended inside the member.
        var truncated: Bool
    }

    let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var closed = false

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Skips a BOM and whitespace and consumes the opening `{`.
    /// - Returns: the line of the first other character when the document does not start with `{`.
    mutating func openObject() -> Int? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return line }
        index += 1
        return nil
    }

    /// The next member, or nil after the closing `}` of the top-level object.
    /// A member runs to the next `,` or `}` outside strings and brackets.
    mutating func next() -> Member? {
        guard !closed else { return nil }
        skipWhitespace()
        guard index < bytes.count else {
            closed = true
            return Member(line: line, range: index..<index, truncated: true)
        }
        if bytes[index] == UInt8(ascii: "}") {
            closed = true
            return nil
        }
        let start = index
        let startLine = line
        var depth = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { line += 1 }
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 {
                        closed = byte == UInt8(ascii: "}")
                        let member = Member(line: startLine, range: start..<index, truncated: false)
                        index += 1
                        return member
                    }
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 0 {
                        let member = Member(line: startLine, range: start..<index, truncated: false)
                        index += 1
                        return member
                    }
                default: break
                }
            }
            index += 1
        }
        closed = true
        return Member(line: startLine, range: start..<bytes.count, truncated: true)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            index += 1
        }
    }
}
