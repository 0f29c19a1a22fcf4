import Testing

@testable import BookRecommender

@Suite struct ISBDPunctuationTests {
    @Test(arguments: [
        ("The hunger games /", "The hunger games"),
        ("Twilight :", "Twilight"),
        ("Nineteen eighty-four ;", "Nineteen eighty-four"),
        ("Le petit prince =", "Le petit prince"),
        ("Walking the old mill trails.", "Walking the old mill trails"),
        ("Title. /", "Title"),
        ("  spaced out ,  ", "spaced out"),
        ("And then there were none...", "And then there were none..."),
        ("Plan B.", "Plan B"),
        ("Why? :", "Why?"),
        ("AC/DC /", "AC/DC"),
        (" / ", ""),
    ])
    func titlesLoseTheirTrailingPunctuation(_ raw: String, _ title: String) {
        #expect(ISBDPunctuation.trimmed(raw) == title)
    }

    @Test(arguments: [
        ("Collins, Suzanne,", "1", "Suzanne Collins"),
        ("Rowling, J. K.,", "1", "J. K. Rowling"),
        ("Tolkien, J. R. R.", "1", "J. R. R. Tolkien"),
        ("Tolkien, J.R.R.", "1", "J.R.R. Tolkien"),
        ("Orwell, George.", "1", "George Orwell"),
        ("García Márquez, Gabriel,", "1", "Gabriel García Márquez"),
        ("Homer.", "0", "Homer"),
        ("John, the Baptist,", "0", "John, the Baptist"),
        ("Smith, John, Jr.", "1", "Smith, John, Jr"),
        ("Collins, Suzanne", "", "Collins, Suzanne"),
        ("Collins,", "1", "Collins"),
    ])
    func namesLoseTheirPunctuationAndTurnWhereUnambiguous(_ raw: String, _ indicator: String, _ name: String) {
        #expect(ISBDPunctuation.personalName(raw, indicator1: indicator) == name)
    }

    @Test(arguments: [
        ("0439023483 (hbk.)", "9780439023481"),
        ("9780439023481 :", "9780439023481"),
        ("0439023483 pbk.", "9780439023481"),
        ("978-0-439-02348-1 (hardcover) :", "9780439023481"),
        ("ISBN 0-439-02348-3", "9780439023481"),
        ("0439023484", nil),
        ("not an ISBN", nil),
        ("", nil),
    ])
    func isbnsWithQualifiers(_ raw: String, _ isbn13: String?) {
        #expect(MARCRecord.isbn13(raw) == isbn13)
    }
}
