import Testing

@testable import BookRecommender

@Suite struct SafeFileNameTests {
    private func stem(_ id: String) -> String { SafeFileName.stems(for: [id])[0] }

    private func isSafe(_ stem: String) -> Bool {
        !stem.isEmpty && stem.utf8.count <= SafeFileName.maxBytes && stem.first != "."
            && stem.first != "-"
            && stem.unicodeScalars.allSatisfy {
                ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
                    || $0 == "." || $0 == "_" || $0 == "-"
            }
    }

    @Test func keepsPlainIds() {
        #expect(SafeFileName.stems(for: ["u1", "user_2.b", "x-y"]) == ["u1", "user_2.b", "x-y"])
    }

    @Test(arguments: [
        ("a/b", "a_b"), ("a\\b", "a_b"), ("../../etc/x", "___.._etc_x"), (".", "_"), ("..", "__"),
        ("", "_"), (".hidden", "_hidden"), ("-rf", "_rf"), ("nul\u{0}x", "nul_x"), ("tab\tline\n", "tab_line_"),
        ("é", "_"), ("a b", "a_b"),
    ])
    func replacesUnsafeCharacters(_ id: String, _ expected: String) {
        #expect(stem(id) == expected)
        #expect(isSafe(stem(id)))
    }

    @Test(arguments: ["index", "INDEX", "summary", "CON", "nul", "Nul.txt", "com1", "LPT9", "aux.json"])
    func avoidsReservedNames(_ id: String) {
        #expect(stem(id) == "_" + id)
    }

    @Test func notReservedWhenOnlyAPrefix() {
        #expect(stem("console") == "console")
        #expect(stem("index2") == "index2")
    }

    @Test func capsLongIds() {
        let long = String(repeating: "ab", count: 500)
        #expect(stem(long) == String(repeating: "ab", count: 40))
        let emoji = String(repeating: "📚", count: 300)
        #expect(stem(emoji).utf8.count == SafeFileName.maxBytes)
    }

    @Test func longIdsSharingAPrefixGetDistinctCappedStems() {
        let prefix = String(repeating: "x", count: 100)
        let stems = SafeFileName.stems(for: [prefix + "1", prefix + "2"])
        #expect(stems[0] != stems[1])
        #expect(stems.allSatisfy { isSafe($0) })
        #expect(stems[0] == String(repeating: "x", count: 71) + "-" + SafeFileName.shortHash(prefix + "1"))
    }

    @Test func hashIsFNV1a64() {
        #expect(SafeFileName.fnv1a64([]) == 0xcbf2_9ce4_8422_2325)
        #expect(SafeFileName.fnv1a64(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(SafeFileName.fnv1a64(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
        #expect(SafeFileName.shortHash("alice") == "508b2abb")
        #expect(SafeFileName.shortHash("Alice") == "123909cb")
    }

    @Test func caseFoldClashesGetHashSuffixes() {
        #expect(SafeFileName.stems(for: ["alice", "Alice", "bob"]) == ["alice-508b2abb", "Alice-123909cb", "bob"])
    }

    @Test func sanitizedClashesGetHashSuffixes() {
        let stems = SafeFileName.stems(for: ["a/b", "a_b", "a\\b", "a?b"])
        #expect(Set(stems.map { $0.lowercased() }).count == 4)
        #expect(stems.allSatisfy { $0.hasPrefix("a_b-") && $0.count == 12 })
    }

    @Test func reservedRewriteClashesWithLiteralUnderscoreName() {
        let stems = SafeFileName.stems(for: ["CON", "_con"])
        #expect(stems == ["_CON-" + SafeFileName.shortHash("CON"), "_con-" + SafeFileName.shortHash("_con")])
    }

    @Test func hashedStemNeverTakesAnotherIdsPlainStem() {
        let lookalike = "alice-" + SafeFileName.shortHash("alice")
        let stems = SafeFileName.stems(for: ["alice", "ALICE", lookalike])
        #expect(stems[2] == lookalike)
        #expect(stems[0] == "alice-508b2abb65a03907")
        #expect(Set(stems.map { $0.lowercased() }).count == 3)
    }

    @Test func canonicallyEquivalentIdsStayDistinct() {
        // "é" precomposed and decomposed compare equal as Swift strings, but are different bytes.
        let stems = SafeFileName.stems(for: ["caf\u{E9}", "cafe\u{301}"])
        #expect(stems == ["caf_", "cafe_"])
    }

    @Test func repeatedIdsShareAStem() {
        let stems = SafeFileName.stems(for: ["bob", "bob"])
        #expect(stems == ["bob", "bob"])
    }

    @Test func independentOfOrder() {
        let ids = ReportSamples.hostileUsers.map(\.user) + ["a/b", "a_b", "alice-508b2abb", "index", "_index"]
        let forward = Dictionary(uniqueKeysWithValues: zip(ids, SafeFileName.stems(for: ids)))
        let orders = [ids.reversed()] + (1..<ids.count).map { Array(ids[$0...] + ids[..<$0]) }
        for shuffled in orders {
            let stems = SafeFileName.stems(for: shuffled)
            for (id, stem) in zip(shuffled, stems) { #expect(forward[id] == stem) }
        }
        #expect(Set(forward.values.map { $0.lowercased() }).count == ids.count)
        #expect(forward.values.allSatisfy { isSafe($0) })
    }
}

@Suite struct SafeFileNameReferenceTests {
    /// Pieces of ids chosen to clash: case-only differences, characters a stem
    /// does not keep, reserved names, leading dots and dashes, canonically
    /// equivalent spellings (precomposed and decomposed, the Angstrom sign).
    private static let pieces = [
        "a", "A", "b", "B", "0", "7", ".", "-", "_", "/", "\\", " ", "?", "\u{0}", "\u{E9}", "e\u{301}", "\u{C5}",
        "A\u{30A}", "\u{212B}", "📚", "con", "CON", "nul", "index", "Summary", "lpt1", "clock$", ".txt", "x",
    ]

    private static func piecesJoined(_ count: Int, _ random: inout SeededRandom) -> String {
        (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// A seeded set of ids built to clash every way `SafeFileName` handles.
    private static func ids(seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        var ids: [String] = []
        for _ in 0..<Int.random(in: 1...120, using: &random) {
            let existing = ids.randomElement(using: &random) ?? ""
            let hash = String(SafeFileName.fnv1a64(Array(existing.utf8)), radix: 16)
            let full = String(repeating: "0", count: 16 - hash.count) + hash
            switch Int.random(in: 0..<10, using: &random) {
            case 0: ids.append(existing)
            case 1: ids.append(existing.uppercased())
            case 2: ids.append(existing.lowercased())
            case 3: ids.append(existing + "-" + full.prefix(8))
            case 4: ids.append(existing + "-" + full + ["", "-2", "-3"].randomElement(using: &random)!)
            case 5:
                let long = String(repeating: "ab", count: Int.random(in: 30...60, using: &random))
                ids.append(long + piecesJoined(3, &random))
            case 6:
                // Canonically equivalent twins with one base: == as Strings, distinct ids here.
                let twin = piecesJoined(2, &random) + "\u{C5}" + piecesJoined(2, &random)
                ids += [twin, twin.replacing("\u{C5}", with: "\u{212B}")]
            default:
                ids.append(piecesJoined(Int.random(in: 0...4, using: &random), &random))
            }
        }
        return ids
    }

    @Test func matchesTheReferenceOnSeededClashingIDs() {
        var hashed = 0
        var counted = 0
        for seed in UInt64(0)..<300 {
            let ids = Self.ids(seed: seed)
            let expected = ReferenceStems.stems(for: ids)
            var random = SeededRandom(seed: seed)
            let shuffled = ids.indices.shuffled(using: &random)
            for order in [Array(ids.indices), shuffled] {
                let stems = SafeFileName.stems(for: order.map { ids[$0] })
                let wrong = zip(order, stems).filter { !$1.utf8.elementsEqual(expected[$0].utf8) }
                    .map { "\(ids[$0].unicodeScalars.map(\.value)): \($1), not \(expected[$0])" }
                #expect(stems.count == ids.count && wrong.isEmpty, "seed \(seed): \(wrong.prefix(3))")
            }
            hashed += expected.count { $0.wholeMatch(of: /.*-[0-9a-f]{8}/) != nil }
            counted += expected.count { $0.wholeMatch(of: /.*-[0-9a-f]{16}-[0-9]+/) != nil }
        }
        // The seeds reach both the short suffix and the counter.
        #expect(hashed > 5000)
        #expect(counted > 500)
    }

    @Test func canonicallyEquivalentIDsWithOneBaseGetHashSuffixes() {
        let stems = SafeFileName.stems(for: ["\u{C5}", "\u{212B}", "A\u{30A}"])
        #expect(stems == ["_-" + SafeFileName.shortHash("\u{C5}"), "_-" + SafeFileName.shortHash("\u{212B}"), "A_"])
    }
}

/// `SafeFileName`'s documented rules written for clarity, not speed, to check
/// the fast code against byte for byte.
private enum ReferenceStems {
    static func stems(for ids: [String]) -> [String] {
        let distinct = Set(ids.map { Array($0.utf8) }).sorted { $0.lexicographicallyPrecedes($1) }
        let bases = distinct.map(base)
        let sharing = Dictionary(grouping: bases, by: { $0.lowercased() }).mapValues(\.count)
        var taken = Set(bases.map { $0.lowercased() }.filter { sharing[$0] == 1 })
        var stemOf: [[UInt8]: String] = [:]
        for (bytes, base) in zip(distinct, bases) {
            guard sharing[base.lowercased()] != 1 else {
                stemOf[bytes] = base
                continue
            }
            let hash = String(SafeFileName.fnv1a64(bytes), radix: 16)
            let full = String(repeating: "0", count: 16 - hash.count) + hash
            func suffixed(_ suffix: String) -> String {
                String(base.prefix(SafeFileName.maxBytes - suffix.count)) + suffix
            }
            var stem = suffixed("-" + full.prefix(8))
            if taken.contains(stem.lowercased()) { stem = suffixed("-" + full) }
            var counter = 2
            while taken.contains(stem.lowercased()) {
                stem = suffixed("-\(full)-\(counter)")
                counter += 1
            }
            taken.insert(stem.lowercased())
            stemOf[bytes] = stem
        }
        return ids.map { stemOf[Array($0.utf8)]! }
    }

    /// Kept ASCII scalars stay, every other scalar becomes `_`; at most
    /// `maxBytes` of them; leading `.` and `-` become `_`; never empty; a
    /// reserved name before the first `.` gets a leading `_`.
    static func base(_ bytes: [UInt8]) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-".unicodeScalars)
        let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars.prefix(SafeFileName.maxBytes)
        var stem = String(String.UnicodeScalarView(scalars.map { kept.contains($0) ? $0 : "_" }))
        let leading = stem.prefix { $0 == "." || $0 == "-" }.count
        stem = String(repeating: "_", count: leading) + stem.dropFirst(leading)
        if stem.isEmpty { stem = "_" }
        let name = stem.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
        if SafeFileName.reserved.contains(name.lowercased()) {
            stem = String(("_" + stem).prefix(SafeFileName.maxBytes))
        }
        return stem
    }
}
