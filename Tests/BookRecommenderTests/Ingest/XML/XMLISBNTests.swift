import Testing

@testable import BookRecommender

@Suite struct XMLISBNTests {
    @Test(arguments: [
        ("0439023483", "9780439023481"),
        ("038549081X", "9780385490818"),
        ("038549081x", "9780385490818"),
        ("0-201-11609-X", "9780201116090"),
        ("0 14 014350 5", "9780140143508"),
        (" 9780439023481 ", "9780439023481"),
        ("978-4-8156-0266-6", "9784815602666"),
        ("972205306X", "9789722053068"),
    ])
    func acceptsValidISBNs(_ raw: String, _ expected: String) {
        #expect(normalizedISBN13(raw) == expected)
    }

    @Test(arguments: [
        "", "x", "0439023484", "9780439023482", "9798880000000", "X439023483", "978043902348X", "439023483",
        "B07MNWKF2M", "97804390234810", "０４３９０２３４８３",
    ])
    func rejectsEverythingElse(_ raw: String) {
        #expect(normalizedISBN13(raw) == nil)
    }
}
