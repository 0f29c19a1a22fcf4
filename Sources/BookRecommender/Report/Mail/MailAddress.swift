/// A mail address with an optional display name, from the members file or
/// the job's `mail` settings: hostile input, checked before any use.
///
/// The address must be a conservative addr-spec, one every mail system
/// takes: `local@domain`, ASCII only, the local part letters, digits and
/// `. _ % + ' -` (no leading, trailing or doubled dot, at most 64 bytes),
/// the domain at least two labels of letters, digits and inner hyphens (at
/// most 63 bytes each, the last holding a letter), 254 bytes in all. No
/// quoted local parts, comments, IP literals or non-ASCII addresses. A
/// display name may be any text of at most `maxNameLength` characters but
/// control characters, line and paragraph separators and bidi controls;
/// it is written as a quoted string or as RFC 2047 encoded words, so it can
/// never end a header or start another.
struct MailAddress: Sendable, Equatable {
    /// The longest display name, in characters.
    static let maxNameLength = 200

    var name: String?
    var address: String

    /// - Throws: the reason (a sentence fragment) when the address or name is unusable.
    init(name: String?, address: String) throws(MailAddress.Problem) {
        if let problem = Self.problem(address: address) { throw Problem(reason: problem) }
        let trimmed = name?.trimmingCharacters(in: .whitespaces)
        if let trimmed, let problem = Self.problem(name: trimmed) { throw Problem(reason: problem) }
        self.name = trimmed?.isEmpty == false ? trimmed : nil
        self.address = address
    }

    /// Why an address or name was refused.
    struct Problem: Error, Sendable, Equatable {
        var reason: String
    }

    /// `Name <user@example.org>` or `user@example.org`.
    /// - Throws: `Problem` when neither form holds, or the parts are unusable.
    init(parsing text: String) throws(MailAddress.Problem) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") else {
            try self.init(name: nil, address: trimmed)
            return
        }
        var name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") { name = String(name.dropFirst().dropLast()) }
        try self.init(
            name: name, address: String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]))
    }

    /// As the job file and `summary.json` write it: `Name <address>` or the address.
    var text: String { name.map { "\($0) <\(address)>" } ?? address }

    /// The domain, for `Message-ID`s.
    var domain: String { String(address[address.index(after: address.lastIndex(of: "@")!)...]) }

    /// Why `address` is not a conservative addr-spec, or nil when it is.
    static func problem(address: String) -> String? {
        let bytes = Array(address.utf8)
        guard !bytes.isEmpty else { return "no address" }
        guard bytes.count <= 254 else { return "the address is longer than 254 bytes" }
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return "the address has spaces, control or non-ASCII characters"
        }
        let parts = bytes.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        guard parts.count == 2 else { return "an address needs exactly one @" }
        let (local, domain) = (parts[0], parts[1])
        guard (1...64).contains(local.count), local.allSatisfy(isLocal), local.first != UInt8(ascii: "."),
            local.last != UInt8(ascii: "."), !hasDoubleDot(local)
        else {
            return
                "the part before @ must be 1 to 64 letters, digits or . _ % + ' - (no leading, trailing or double dot)"
        }
        let labels = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2,
            labels.allSatisfy({ label in
                (1...63).contains(label.count) && label.allSatisfy(isLabel) && label.first != UInt8(ascii: "-")
                    && label.last != UInt8(ascii: "-")
            }), labels.last!.contains(where: isLetter)
        else {
            return "the domain must be names of letters, digits and inner hyphens joined by dots, such as example.org"
        }
        return nil
    }

    /// Why `name` cannot be a display name, or nil when it can.
    static func problem(name: String) -> String? {
        guard name.count <= maxNameLength else { return "the name is longer than \(maxNameLength) characters" }
        let refused = name.unicodeScalars.first { scalar in
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: return true
            default: return (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            }
        }
        guard let refused else { return nil }
        return "the name holds a control character (U+\(String(refused.value, radix: 16, uppercase: true)))"
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isLabel(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-")
    }

    private static func isLocal(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || Array(".%+'_-".utf8).contains(byte)
    }

    private static func hasDoubleDot(_ bytes: ArraySlice<UInt8>) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") }
    }
}
