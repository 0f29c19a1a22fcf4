import Testing

@testable import BookRecommender

@Suite struct ISBNTests {
    /// isbn.md §2: valid ISBN-10s and their ISBN-13s.
    @Test(arguments: [
        ("0439023483", "9780439023481"), ("038549081X", "9780385490818"), ("020111609X", "9780201116090"),
        ("0140143505", "9780140143508"), ("8418897821", "9788418897825"),
    ])
    func isbn10ConvertsToISBN13(_ isbn10: String, _ isbn13: String) {
        #expect(ISBN.normalize(isbn10) == .isbn13(isbn13, repaired: false))
        #expect(ISBN.isbn10(fromISBN13: isbn13) == isbn10)
    }

    /// isbn.md §2: ISBN-13 → ISBN-10, and none for 979 or an invalid number.
    @Test(
        arguments: [
            ("9781501184161", "1501184164"), ("9784815602666", "4815602662"), ("9798880000000", nil),
            ("9791032305690", nil), ("9780439023482", nil), ("97804390234", nil),
        ] as [(String, String?)])
    func isbn13ConvertsToISBN10Only978(_ isbn13: String, _ isbn10: String?) {
        #expect(ISBN.isbn10(fromISBN13: isbn13) == isbn10)
    }

    @Test func madeUp979NumberIsInvalid() {
        #expect(ISBN.normalize("9798880000000") == .invalid(raw: "9798880000000"))
        #expect(ISBN.normalize("9791032305690") == .isbn13("9791032305690", repaired: false))
    }

    /// isbn.md §4/§5: dirty inputs that normalise cleanly.
    @Test(arguments: [
        ("=\"0765312182\"", "9780765312181"), ("\"=\"\"0141026162\"\"\"", "9780141026169"),
        ("=\"\"0141026162\"\"", "9780141026169"), ("=\"0141026162\"", "9780141026169"),
        ("[1578660289]", "9781578660285"), ("[1578660289, 9781578660285]", "9781578660285"),
        ("[123, 9781578660285]", "9781578660285"), ("0596101996, 9780596101992", "9780596101992"),
        ("978-0-439-02348-1", "9780439023481"), ("0 439 02348 3", "9780439023481"),
        ("2.02.032126.2", "9782020321266"), ("0_439_02348_3", "9780439023481"),
        ("\u{00A0}0439023483\u{00A0}", "9780439023481"), (" 0439023483\t", "9780439023481"),
        ("ISBN 0439023483", "9780439023481"), ("ISBN:0439023483", "9780439023481"),
        ("ISBN-13: 978-0-439-02348-1", "9780439023481"), ("isbn10 0439023483", "9780439023481"),
        ("0439023483 (hbk.)", "9780439023481"), ("038549081x", "9780385490818"),
        ("9784815602666", "9784815602666"),
    ])
    func dirtyInputsNormalise(_ raw: String, _ isbn13: String) {
        #expect(ISBN.normalize(raw) == .isbn13(isbn13, repaired: false))
    }

    /// isbn.md §5: values damaged by number handling, repaired and marked so;
    /// up to three lost leading zeros (Book-Crossing), with or without a lost `X`.
    @Test(arguments: [
        ("439023483", "9780439023481"), ("155061224", "9780155061224"), ("140143505", "9780140143508"),
        ("593497244", "9780593497241"), ("38549081", "9780385490818"), ("9.78043902348e+12", "9780439023481"),
        ("439023483.0", "9780439023481"), ("9.78067978327e+12", "9780679783268"),
        ("9.78006202404E+12", "9780062024039"), ("60562080", "9780060562083"), ("06514251", "9780006514251"),
        ("11238356", "9780011238357"), ("1000002", "9780010000023"), ("=\"60562080\"", "9780060562083"),
    ])
    func damagedNumbersAreRepaired(_ raw: String, _ isbn13: String) {
        #expect(ISBN.normalize(raw) == .isbn13(isbn13, repaired: true))
    }

    /// Scientific notation with too few digits, or rounding that fits two
    /// ISBNs, is beyond repair; so are blanks and empty wrappers.
    @Test(arguments: [
        "9.78053E+12", "1.23E+12", "9.7806182603e+12", "9.78031616668e+12", "=\"\"", "\"=\"\"\"\"\"", "", " ", "[]",
    ])
    func unrecoverableValuesAreEmpty(_ raw: String) {
        #expect(ISBN.normalize(raw) == .empty)
    }

    @Test(arguments: ["B0000BLD7X", "B07MNWKF2M", "b07mnwkf2m"])
    func asinsAreNotISBNs(_ raw: String) {
        #expect(ISBN.normalize(raw) == .asin(raw.uppercased()))
    }

    /// isbn.md §5 garbage, bad check digits (never "fixed"), non-ASCII digits,
    /// and short numbers that two restorations fit (`10000038`) or none does.
    @Test(arguments: [
        "N3453124715", "680ISBN359623", "14366020444", "273755", "0439023484", "9780439023482", "439023484",
        "38549082", "٠٤٣٩٠٢٣٤٨٣", "０４３９０２３４８３", "X439023483", "04390X3483", "1234567890123",
        "9.78043902348e+11", "[1, 2]", "10000038", "20103389", "123456", "0X1234567",
    ])
    func invalidValuesKeepTheirRawText(_ raw: String) {
        #expect(ISBN.normalize(raw) == .invalid(raw: raw))
    }

    @Test(arguments: [
        ("9.78006112008e+12", "9780061120084", true), ("9.78074327356e+12", "9780743273565", true),
        ("9.78159448e+12", "9781594480003", true), ("9.78067978327e+12", "9780679783268", true),
        ("9.78067978327e+12", "9780679783275", false), ("9.78006112008e+11", "9780061120084", false),
        ("9.78006112008e+12", "978006112008X", false), ("bad", "9780061120084", false),
    ])
    func scientificConfirmsAGuess(_ scientific: String, _ isbn13: String, _ matches: Bool) {
        #expect(ISBN.scientific(scientific, matches: isbn13) == matches)
    }
}
