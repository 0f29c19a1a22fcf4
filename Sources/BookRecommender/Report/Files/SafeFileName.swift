/// Maps user ids to file-name stems that are safe on every common file system.
///
/// A stem keeps the id's ASCII letters, digits, `.`, `_` and `-`, and turns
/// every other Unicode scalar into `_`. It never is empty, never starts with
/// `.` or `-`, holds at most `maxBytes` bytes, and never names a reserved file
/// (`index`, `summary`, `digest` (beside `mail/digest.eml`), Windows devices like `CON` or `LPT1`, judged on the
/// part before the first `.`), which get a leading `_`.
///
/// When two distinct ids (by UTF-8 bytes) give the same stem, ignoring ASCII
/// case so case-insensitive file systems cannot merge them, each of them gets
/// `-` and the first 8 hex digits of the FNV-1a 64 hash of its UTF-8 bytes.
/// Should even that clash (a hash collision, or an id that already looks like
/// `x-1a2b3c4d`), the full 16-digit hash and then a counter are tried, in
/// UTF-8 byte order of the ids. Stems therefore depend only on the set of
/// ids, never on their order.
enum SafeFileName {
    /// The longest stem, in bytes.
    static let maxBytes = 80

    /// Names that must never be a stem (compared lowercased).
    static let reserved: Set<String> = {
        var names: Set<String> = ["index", "summary", "rejects", "recommendations", "users", "digest", "lists"]
        names.formUnion(["con", "prn", "aux", "nul", "clock$"])
        for digit in 0...9 { names.formUnion(["com\(digit)", "lpt\(digit)"]) }
        return names
    }()

    /// The ids that give one lowercased base.
    private enum Owner: Equatable {
        /// One id (repeats of it included), at this index.
        case id(Int)
        /// Two or more distinct ids.
        case several
    }

    /// The longest reserved name, in bytes: longer names need no look-up.
    private static let longestReserved = reserved.map(\.utf8.count).max() ?? 0

    /// Which bytes start a reserved name in either case, indexed by byte:
    /// most ids (numbers) need no look-up.
    private static let startsReserved: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for name in reserved {
            for first in [name, name.uppercased()].compactMap(\.utf8.first) { table[Int(first)] = true }
        }
        return table
    }()

    /// The stem of each id, in the order given: `result[i]` belongs to `ids[i]`.
    /// Repeated ids (same UTF-8 bytes) get the same stem; distinct ids never do,
    /// not even when their stems differ only in ASCII case.
    /// - Complexity: O(*n*) expected for *n* ids, plus sorting the ids whose
    ///   stems clash.
    static func stems(for ids: [String]) -> [String] {
        var stems = ids.map(base)
        // Who gives each lowercased base. The bases are ASCII, so `String ==`
        // on them is byte equality; ids are told apart by their UTF-8 bytes,
        // as `String ==` also holds for canonically equivalent ids.
        var owners: [String: Owner] = Dictionary(minimumCapacity: ids.count)
        var clashed = false
        for (index, stem) in stems.enumerated() {
            let key = lowercasedASCII(stem)
            switch owners[key] {
            case nil: owners[key] = .id(index)
            case .id(let first) where utf8Order(ids[first], ids[index]) != 0:
                owners[key] = .several
                clashed = true
            default: break
            }
        }
        guard clashed else { return stems }

        // The clashing ids get suffixes in UTF-8 byte order; a suffixed stem
        // must not be any unclashed base nor an earlier suffixed stem.
        let clashing = ids.indices.filter { owners[lowercasedASCII(stems[$0])] == .several }.sorted {
            utf8Order(ids[$0], ids[$1]) < 0
        }
        var suffixed: Set<String> = []
        var previous: Int?
        for index in clashing {
            if let previous, utf8Order(ids[previous], ids[index]) == 0 {
                stems[index] = stems[previous]
                continue
            }
            let stem = suffix(stems[index], hash: fnv1a64(ids[index].utf8)) { key in
                suffixed.contains(key) || (owners[key] ?? .several) != .several
            }
            suffixed.insert(lowercasedASCII(stem))
            stems[index] = stem
            previous = index
        }
        return stems
    }

    /// Negative, zero or positive as `a`'s UTF-8 bytes come before, equal or
    /// come after `b`'s (`String` comparison is by Unicode canonical
    /// equivalence instead).
    private static func utf8Order(_ a: String, _ b: String) -> Int {
        var a = a
        var b = b
        return a.withUTF8 { a in
            b.withUTF8 { b in
                for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
                return a.count - b.count
            }
        }
    }

    /// The first 8 lowercase hex digits of the FNV-1a 64 hash of `id`'s UTF-8 bytes.
    static func shortHash(_ id: String) -> String {
        String(hex16(fnv1a64(id.utf8)).prefix(8))
    }

    /// FNV-1a, 64-bit, over `bytes`.
    static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The stem of `id` before clash handling; `id` itself when it is already safe.
    static func base(_ id: String) -> String {
        if id.utf8.withContiguousStorageIfAvailable(isSafe) ?? isSafe(Array(id.utf8)) { return id }
        var bytes: [UInt8] = []
        for byte in id.utf8 where !isContinuation(byte) {
            guard bytes.count < maxBytes else { break }
            bytes.append(isKept(byte) ? byte : UInt8(ascii: "_"))
        }
        for index in bytes.indices {
            guard bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "-") else { break }
            bytes[index] = UInt8(ascii: "_")
        }
        if bytes.isEmpty {
            bytes = [UInt8(ascii: "_")]
        } else if isReserved(bytes) {
            bytes.insert(UInt8(ascii: "_"), at: 0)
            bytes.removeLast(max(0, bytes.count - maxBytes))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the UTF-8 `bytes` of an id are its own stem.
    private static func isSafe(_ bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first, bytes.count <= maxBytes, first != UInt8(ascii: "."), first != UInt8(ascii: "-")
        else { return false }
        return bytes.allSatisfy(isKept) && !isReserved(bytes)
    }

    /// Whether the part of `stem` (kept bytes) before its first `.` is a
    /// reserved name, ignoring ASCII case.
    private static func isReserved(_ stem: some Collection<UInt8>) -> Bool {
        guard let first = stem.first, startsReserved[Int(first)] else { return false }
        let name = stem.prefix(longestReserved + 1).prefix { $0 != UInt8(ascii: ".") }
        guard name.count <= longestReserved else { return false }
        return reserved.contains(String(decoding: name.map(lowercased), as: UTF8.self))
    }

    /// A UTF-8 byte that continues a scalar begun by an earlier byte.
    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// Whether `byte` (the first byte of a scalar) is a scalar a stem keeps.
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// `byte` with ASCII capitals lowercased.
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// `stem` (ASCII) lowercased; `stem` itself when it has no capital.
    private static func lowercasedASCII(_ stem: String) -> String {
        guard stem.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return stem }
        return String(decoding: stem.utf8.map(lowercased), as: UTF8.self)
    }

    /// `base` with a hash suffix (and, if needed, a counter) whose lowercased
    /// form `isTaken` refuses.
    private static func suffix(_ base: String, hash: UInt64, isTaken: (String) -> Bool) -> String {
        let full = hex16(hash)
        func stem(_ suffix: String) -> String? {
            let stem = String(decoding: base.utf8.prefix(maxBytes - suffix.utf8.count), as: UTF8.self) + suffix
            return isTaken(lowercasedASCII(stem)) ? nil : stem
        }
        if let stem = stem("-" + full.prefix(8)) ?? stem("-" + full) { return stem }
        var counter = 2
        while true {
            if let stem = stem("-\(full)-\(counter)") { return stem }
            counter += 1
        }
    }

    /// `value` as 16 lowercase hex digits.
    static func hex16(_ value: UInt64) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
