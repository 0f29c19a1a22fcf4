import Foundation
import Testing

@testable import BookRecommender

/// `MailHeader.field` is the last line of defence: whatever words it is
/// given, a header it writes is one field ending in its only CRLF pairs.
@Suite struct MailHeaderTests {
    @Test(arguments: ["Chiara\r\nBcc: victim@example.net", "a\nb", "a\rb", "tab\there", "nul\u{0}", "del\u{7F}"])
    func aControlCharacterNeverReachesTheHeader(_ word: String) throws {
        let field = MailHeader.field("Subject", ["Hello", word])
        let lines = field.components(separatedBy: "\r\n").dropLast()
        #expect(field.hasSuffix("\r\n"))
        #expect(lines.allSatisfy { !$0.contains("\r") && !$0.contains("\n") })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") }, "continuation lines only: \(lines)")
        #expect(!field.utf8.contains { ($0 < 0x20 && $0 != 0x0D && $0 != 0x0A) || $0 == 0x7F })
        #expect(field.hasPrefix("Subject: Hello =?UTF-8?B?"))
    }

    @Test func plainWordsStayAsTheyAre() {
        #expect(MailHeader.field("To", ["\"Ann\"", "<ann@example.org>"]) == "To: \"Ann\" <ann@example.org>\r\n")
    }
}
