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
package enum SafeFileName {
    /// The longest stem, in bytes.
    package static let maxBytes = 80

    /// Names that must never be a stem (compared lowercased).
    static let reserved: Set<String> = {
        var names: Set<String> = ["index", "summary", "rejects", "recommendations", "users", "digest", "lists"]
        names.formUnion(["con", "prn", "aux", "nul", "clock$"])
        for digit in 0...9 { names.formUnion(["com\(digit)", "lpt\(digit)"]) }
        return names
    }()

    /// The stem of each id, in the order given: `result[i]` belongs to `ids[i]`.
    /// Repeated ids (same UTF-8 bytes) get the same stem; distinct ids never do,
    /// not even when their stems differ only in ASCII case.
    package static func stems(for ids: [String]) -> [String] {
        var unique: [[UInt8]: String] = [:]
        for id in ids { unique[Array(id.utf8)] = id }
        let sorted = unique.keys.sorted { $0.lexicographicallyPrecedes($1) }
        let bases = sorted.map { base(unique[$0]!) }
        var clashes: [String: Int] = [:]
        for base in bases { clashes[base.lowercased(), default: 0] += 1 }

        var taken: Set<String> = []
        var stemOf: [[UInt8]: String] = [:]
        for (bytes, base) in zip(sorted, bases) where clashes[base.lowercased()] == 1 {
            stemOf[bytes] = base
            taken.insert(base.lowercased())
        }
        for (bytes, base) in zip(sorted, bases) where clashes[base.lowercased()] != 1 {
            let stem = suffixed(base, hash: fnv1a64(bytes), avoiding: taken)
            stemOf[bytes] = stem
            taken.insert(stem.lowercased())
        }
        return ids.map { stemOf[Array($0.utf8)]! }
    }

    /// The first 8 lowercase hex digits of the FNV-1a 64 hash of `id`'s UTF-8 bytes.
    package static func shortHash(_ id: String) -> String {
        String(hex16(fnv1a64(Array(id.utf8))).prefix(8))
    }

    /// FNV-1a, 64-bit, over `bytes`.
    static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The stem of `id` before clash handling.
    static func base(_ id: String) -> String {
        var bytes: [UInt8] = []
        for scalar in id.unicodeScalars {
            guard bytes.count < maxBytes else { break }
            bytes.append(isKept(scalar) ? UInt8(scalar.value) : UInt8(ascii: "_"))
        }
        for index in bytes.indices {
            guard bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "-") else { break }
            bytes[index] = UInt8(ascii: "_")
        }
        var stem = bytes.isEmpty ? "_" : String(decoding: bytes, as: UTF8.self)
        let name = stem.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
        if reserved.contains(name.lowercased()) {
            stem = "_" + stem.prefix(maxBytes - 1)
        }
        return stem
    }

    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", ".", "_", "-": true
        default: false
        }
    }

    /// `base` with a hash suffix (and, if needed, a counter) that is not in `taken`.
    private static func suffixed(_ base: String, hash: UInt64, avoiding taken: Set<String>) -> String {
        let full = hex16(hash)
        for suffix in ["-" + String(full.prefix(8)), "-" + full] {
            let stem = String(base.prefix(maxBytes - suffix.count)) + suffix
            if !taken.contains(stem.lowercased()) { return stem }
        }
        var counter = 2
        while true {
            let suffix = "-\(full)-\(counter)"
            let stem = String(base.prefix(maxBytes - suffix.count)) + suffix
            if !taken.contains(stem.lowercased()) { return stem }
            counter += 1
        }
    }

    /// `value` as 16 lowercase hex digits.
    static func hex16(_ value: UInt64) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
