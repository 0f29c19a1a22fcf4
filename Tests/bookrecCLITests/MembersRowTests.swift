import Foundation
import Testing

/// A bad row of the members file costs only its member: the row is in
/// `rejects.csv`, the log and `summary.json`, the digest lists the member as
/// "no mail: bad members row", and everyone else's mail is written and parses.
/// With `--on-bad-record fail` the run stops, exit 65, naming file and line.
@Suite(.serialized, .enabled(if: Python3.path != nil, "python3 is not installed: the mails are not parsed"))
struct MembersRowTests {
    /// The demo club's members with a BOM and CRLF line ends; Bruno's name and
    /// Dana's address hold a line break and a `Bcc:`, Emeka's address has no
    /// `@`, and Alice is listed again with another address.
    static let members =
        "\u{FEFF}member,email,name\r\n"  // line 1
        + "alice,alice@example.org,Alice Liddell\r\n"  // 2
        + "bruno,bruno@example.org,\"Bruno\r\nBcc: victim@example.net\"\r\n"  // 3 and 4
        + "chen,chen@example.org,Chen\r\n"  // 5
        + "dana,\"dana@example.org\r\nBcc: victim@example.net\",Dana\r\n"  // 6 and 7
        + "emeka,emeka.example.org,Emeka\r\n"  // 8
        + ["farah", "gus", "hana", "ivan"].map { "\($0),\($0)@example.org,\($0)\r\n" }.joined()  // 9 to 12
        + "jo,,Jo\r\n"  // 13
        + ["kai", "lena", "milo"].map { "\($0),\($0)@example.org,\($0)\r\n" }.joined()  // 14 to 16
        + "alice,victim@example.net,Alice\r\n"  // 17

    /// The demo job with `members` as its members file and `extra` flags.
    static func run(_ extra: [String]) throws -> (BinaryRunner.Result, URL, URL, String) {
        let folder = try Workspace.temporaryFolder()
        let path = folder.appendingPathComponent("members.csv").path
        try Data(members.utf8).write(to: URL(fileURLWithPath: path))
        let (result, run, out) = try MailTests.demo(["--members", path] + extra)
        try? FileManager.default.removeItem(at: folder)
        return (result, run, out, path)
    }

    @Test func badRowsAreRejectedAndEveryoneElseGetsMail() throws {
        let (result, run, out, path) = try Self.run([])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("event=\"bad members row\""), "\(result.stderr)")
        #expect(result.stderr.contains("line=3 member=bruno"), "\(result.stderr)")

        let mail = run.appendingPathComponent("mail")
        let names = try FileManager.default.contentsOfDirectory(atPath: mail.path).sorted()
        let mailed = ["alice", "chen", "farah", "gus", "hana", "ivan", "kai", "lena", "milo"]
        #expect(names == (mailed.map { "\($0).eml" } + ["digest.eml"]).sorted())
        let mails = try MailTests.parse(names.map { mail.appendingPathComponent($0) })
        #expect(mails.count == names.count)
        for (file, parsed) in mails {
            #expect((parsed["defects"] as? [Any])?.isEmpty == true, "\(file)")
            #expect((parsed["headerDefects"] as? [Any])?.isEmpty == true, "\(file)")
            #expect(try MailTests.headers(parsed).values.allSatisfy { $0.count <= 1 }, "\(file)")
            let raw = try String(contentsOf: mail.appendingPathComponent(file), encoding: .utf8)
            #expect(!raw.contains("victim@example.net"), "\(file)")
        }
        let alice = try #require((mails["alice.eml"]?["to"] as? [[String: Any]])?.first)
        #expect(alice["address"] as? String == "alice@example.org", "the first row decides")

        let rejects = try HostileRun.csvRows(
            String(contentsOf: run.appendingPathComponent("rejects.csv"), encoding: .utf8))
        let rows = rejects.filter { $0.first == path }
        #expect(rows.map { $0[1] } == ["3", "6", "8", "17"])
        #expect(rows[0][2] == "member \"bruno\": the name holds a control character (U+D)")
        #expect(rows[0][3] == "bruno,bruno@example.org,\"Bruno\r\nBcc: victim@example.net\"")
        #expect(rows[1][2] == "member \"dana\": the address has spaces, control or non-ASCII characters")
        #expect(rows[2][2] == "member \"emeka\": an address needs exactly one @")
        #expect(rows[3][2] == "member \"alice\" is on line 2 already")

        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: run.appendingPathComponent("summary.json")))
                as? [String: Any])
        let membersFile = try #require(summary["membersFile"] as? [String: Any])
        #expect(membersFile["rows"] as? Int == 14 && membersFile["members"] as? Int == 10)
        let rejected = try #require(membersFile["rejected"] as? [[String: Any]])
        #expect(rejected.map { $0["noMail"] as? Bool } == [true, true, true, false])

        let digest = try String(contentsOf: run.appendingPathComponent("digest.txt"), encoding: .utf8)
        #expect(digest.contains("\nMembers without mail\n"))
        #expect(digest.contains("\nbruno: no mail: bad members row (line 3: member \"bruno\": the name holds"))
        #expect(digest.contains("\ndana: no mail: bad members row (line 6: "))
        #expect(digest.contains("\nemeka: no mail: bad members row (line 8: "))
        #expect(!digest.contains("alice: no mail"))
        let index = try String(contentsOf: run.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("<li>emeka: no mail: bad members row (line 8: member &quot;emeka&quot;"), "\(index)")
    }

    /// Each shard writes its readers' mails; `merge` writes the digest, which lists the same rows.
    @Test func shardsMergedListTheMembersWithoutMail() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let members = folder.appendingPathComponent("members.csv")
        try Data(Self.members.utf8).write(to: members)
        let out = folder.appendingPathComponent("out")
        let job = Workspace.root.appendingPathComponent("jobs/demo.json").path
        for shard in ["0/2", "1/2"] {
            let arguments = ["run", job, "--out", out.path, "--no-enrich", "--members", members.path, "--shard", shard]
            let result = try BinaryRunner.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let merge = try BinaryRunner.run(["merge", out.path])
        #expect(merge.status == 0, "\(merge.stderr)")
        let run = Workspace.latest(in: out)
        let names = try FileManager.default.contentsOfDirectory(atPath: run.appendingPathComponent("mail").path)
        #expect(names.count == 10 && !names.contains("bruno.eml") && names.contains("digest.eml"), "\(names)")
        let digest = try String(contentsOf: run.appendingPathComponent("digest.txt"), encoding: .utf8)
        #expect(digest.contains("\nbruno: no mail: bad members row (line 3: "), "\(digest)")
        #expect(digest.contains("\nemeka: no mail: bad members row (line 8: "))
        let rejects = try String(contentsOf: run.appendingPathComponent("rejects.csv"), encoding: .utf8)
        #expect(rejects.contains("\(members.path),17,\"member \"\"alice\"\" is on line 2 already\""), "\(rejects)")
    }

    @Test func failStopsTheRunNamingFileAndLine() throws {
        let (result, _, out, path) = try Self.run(["--on-bad-record", "fail"])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("\(path):3: member \"bruno\": the name holds a control character (U+D)"))
        #expect(result.stderr.contains("\(path):17: member \"alice\" is on line 2 already"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("latest").path))
    }

    @Test func aDryRunNamesTheRejectedRows() throws {
        let (result, _, out, path) = try Self.run(["--dry-run"])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("mail     9 of 13 members would get mail:\n"), "\(result.stdout)")
        #expect(
            result.stdout.contains("mail     rejected \(path):8: member \"emeka\": an address needs exactly one @\n"))
    }
}
