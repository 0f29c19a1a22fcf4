import Foundation
import Testing

@testable import BookRecommender

/// `MembersFile.read`: a bad row is rejected with its line and reason and
/// costs only its member; the header and an unreadable file still stop.
@Suite struct MembersFileTests {
    /// `text` written to a new members file, read back.
    static func read(_ text: String) throws -> MembersList {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("members-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try MembersFile.read(url.path)
    }

    @Test func badRowsAreRejectedAndTheOthersKept() throws {
        let list = try Self.read(
            """
            member,email,name
            alice,alice@example.org,Alice
            bruno,"bruno@example.org\r\nBcc: victim@example.net",Bruno
            chiara,chiara@example.org,"Chiara\r\nBcc: victim@example.net"
            dana,dana.example.org,Dana
            alice,other@example.org,Ann
            emeka,emeka@example.org,Emeka
            chiara,chiara@example.org,Chiara
            ,nobody@example.org,
            farah,farah@example.org,Farah,extra

            """)
        #expect(list.entries.keys.sorted() == ["alice", "emeka"])
        #expect(list.entries["alice"]?.address?.address == "alice@example.org")
        #expect(list.entries["alice"]?.line == 2)
        // Lines are the file's, where the row starts: a quoted line break moves the rows after it.
        #expect(list.rejected.map(\.line) == [3, 5, 7, 8, 10, 11, 12])
        #expect(list.rejected.map(\.member) == ["bruno", "chiara", "dana", "alice", "chiara", nil, "farah"])
        #expect(list.rejected[0].reason == "member \"bruno\": the address has spaces, control or non-ASCII characters")
        #expect(list.rejected[1].reason == "member \"chiara\": the name holds a control character (U+D)")
        #expect(list.rejected[2].reason == "member \"dana\": an address needs exactly one @")
        #expect(list.rejected[3].reason == "member \"alice\" is on line 2 already")
        #expect(list.rejected[4].reason == "member \"chiara\" is on line 5 already")
        #expect(list.rejected[5].reason == "no member id")
        #expect(list.rejected[6].reason == "4 fields, the header names 3")
        #expect(list.rejected[1].record == "chiara,chiara@example.org,\"Chiara\r\nBcc: victim@example.net\"")
        #expect(list.problems[1].hasSuffix(".csv:5: member \"chiara\": the name holds a control character (U+D)"))

        let report = list.report
        #expect(report.rows == 9 && report.members == 2)
        // Alice keeps her first row; Chiara is listed once, for her first (bad) row.
        #expect(report.withoutMail.map(\.line) == [3, 5, 7, 11, 12])
        #expect(report.rejected.filter { !$0.noMail }.map(\.line) == [8, 10])
        #expect(list.rejectEntries.map(\.reason) == list.rejected.map { .other($0.reason) })
    }

    @Test func aBOMAndCRLFLineEndsAreRead() throws {
        let list = try Self.read("\u{FEFF}Member,EMAIL,name\r\nalice,alice@example.org,Alice\r\n\r\nbruno,,\r\n")
        #expect(list.rejected.isEmpty)
        #expect(list.entries["alice"]?.address == (try MailAddress(name: "Alice", address: "alice@example.org")))
        #expect(list.entries["bruno"] != nil && list.entries["bruno"]?.address == nil)
        #expect(list.report.rows == 2)
    }

    @Test func aNameWithoutAnAddressIsCheckedToo() throws {
        let list = try Self.read("member,email,name\njo,,\"Jo\u{202E}gpj.exe\"\n")
        #expect(list.entries.isEmpty)
        #expect(list.rejected.map(\.reason) == ["member \"jo\": the name holds a control character (U+202E)"])
    }

    @Test(arguments: [
        ("member,address\nalice,alice@example.org\n", ":1: the header must name the columns member, email"),
        ("", ": empty: no header line"),
    ])
    func anUnusableHeaderStops(_ text: String, _ message: String) throws {
        #expect {
            _ = try Self.read(text)
        } throws: { error in
            guard case .badMembersFile(let problems) = error as? MailError else { return false }
            return problems.count == 1 && problems[0].contains(message)
        }
    }

    @Test func aMissingFileCannotBeRead() {
        #expect(throws: MailError.self) { try MembersFile.read("/nonexistent/members.csv") }
    }
}
