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
