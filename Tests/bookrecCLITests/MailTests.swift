import Foundation
import Testing

/// `python3`, where this machine has it.
enum Python3 {
    /// The first `python3` on `PATH`; nil when there is none.
    static let path: URL? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin").split(separator: ":")
        let candidates = folders.map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
}

/// Every `.eml` a run writes, read by Python's own MIME parser
/// (`scripts/read-mail.py`): headers, both parts, decoded text equal to the
/// member's part of `digest.txt` and decoded HTML equal to their page; and
/// hostile names and addresses in the members file.
@Suite(.serialized, .enabled(if: Python3.path != nil, "python3 is not installed: the mails are not parsed"))
struct MailTests {
    /// What `read-mail.py` found in each file, by file name.
    static func parse(_ files: [URL]) throws -> [String: [String: Any]] {
        let process = Process()
        let python: URL = try #require(Python3.path)
        process.executableURL = python
        process.arguments = [Workspace.root.appendingPathComponent("scripts/read-mail.py").path] + files.map(\.path)
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var parsed: [String: [String: Any]] = [:]
        for line in data.split(separator: UInt8(ascii: "\n")) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            let file = try #require(object["file"] as? String)
            parsed[(file as NSString).lastPathComponent] = object
        }
        return parsed
    }

    /// Runs the demo job with `extra` flags into a new folder; the run folder and the temporary folder.
    static func demo(_ extra: [String]) throws -> (BinaryRunner.Result, URL, URL) {
        let out = try Workspace.temporaryFolder()
        let job = Workspace.root.appendingPathComponent("jobs/demo.json").path
        let result = try BinaryRunner.run(["run", job, "--out", out.path, "--no-enrich"] + extra)
        return (result, Workspace.latest(in: out), out)
    }

    /// `member`'s part of `digest`: from their name line to the blank line after it.
    static func part(of member: String, in digest: String) throws -> String {
        let start = try #require(digest.range(of: "\n\n\(member) (users/\(member).html)\n"))
        let rest = digest[digest.index(start.lowerBound, offsetBy: 2)...]
        let end = rest.range(of: "\n\n")?.lowerBound ?? rest.index(before: rest.endIndex)
        return String(rest[...end])
    }

    static func headers(_ mail: [String: Any]) throws -> [String: [String]] {
        try #require(mail["headers"] as? [String: [String]])
    }

    /// The decoded content of the part of type `type`, line ends as LF.
    static func content(_ mail: [String: Any], _ type: String) throws -> String {
        let parts = try #require(mail["parts"] as? [[String: Any]])
        let part = try #require(parts.first { $0["type"] as? String == type })
        #expect(part["charset"] as? String == "utf-8")
        #expect((part["defects"] as? [Any])?.isEmpty == true)
        return try #require(part["content"] as? String).replacingOccurrences(of: "\r\n", with: "\n")
    }

    @Test func everyMailParsesWithItsMembersTextAndPage() throws {
        let (result, run, out) = try Self.demo([])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        let files = try Workspace.files(under: run)
        let names = files.keys.filter { $0.hasPrefix("mail/") }.sorted()
        let members = [
            "alice", "bruno", "chen", "dana", "emeka", "farah", "gus", "hana", "ivan", "kai", "lena", "milo",
        ]
        #expect(names == (["digest"] + members).map { "mail/\($0).eml" }.sorted())
        let mails = try Self.parse(names.map { run.appendingPathComponent($0) })
        let digest = String(decoding: try #require(files["digest.txt"]), as: UTF8.self)
        let stamp = run.lastPathComponent
        let day = "\(stamp.prefix(4))-\(stamp.dropFirst(4).prefix(2))-\(stamp.dropFirst(6).prefix(2))"
        let displayNames = [
            "alice": "Alice Liddell", "bruno": "Bruno Díaz", "chen": "陈静", "dana": "", "lena": "Lena Schäfer",
        ]

        for (file, mail) in mails {
            let headers = try Self.headers(mail)
            #expect(mail["contentType"] as? String == "multipart/alternative", "\(file)")
            #expect((mail["defects"] as? [Any])?.isEmpty == true, "\(file)")
            #expect((mail["headerDefects"] as? [Any])?.isEmpty == true, "\(file)")
            #expect(headers["From"] == ["Reading club <club@example.org>"])
            #expect(headers["Reply-To"] == ["organizer@example.org"])
            #expect(headers["MIME-Version"] == ["1.0"])
            #expect(headers["Auto-Submitted"] == ["auto-generated"])
            #expect(headers["Date"]?.count == 1 && headers["Date"]?[0].hasSuffix(" +0000") == true)
            let id = try #require(headers["Message-ID"]?.first)
            #expect(id.hasPrefix("<bookrec.\(run.lastPathComponent).") && id.hasSuffix("@example.org>"), "\(id)")
            let raw = try #require(mail["raw"] as? [String: Any])
            #expect(raw["bareLineEnds"] as? Int == 0, "\(file)")
            #expect(raw["endsWithCRLF"] as? Bool == true, "\(file)")
            #expect((raw["longest"] as? Int ?? 999) <= 78, "\(file)")
            guard file != "digest.eml" else { continue }
            let member = String(file.dropLast(4))
            let to = try #require((mail["to"] as? [[String: Any]])?.first)
            #expect(to["address"] as? String == "\(member)@example.org")
            if let name = displayNames[member] { #expect(to["name"] as? String == name, "\(member)") }
            #expect(headers["Subject"] == ["demo: your picks, \(day)"], "\(member)")
            #expect(try Self.content(mail, "text/plain") == Self.part(of: member, in: digest), "\(member)")
            let page = String(decoding: try #require(files["users/\(member).html"]), as: UTF8.self)
            #expect(try Self.content(mail, "text/html") == page, "\(member)")
        }
        let organizer = try #require(mails["digest.eml"])
        #expect((organizer["to"] as? [[String: Any]])?.first?["address"] as? String == "organizer@example.org")
        #expect(try Self.headers(organizer)["Subject"] == ["Reading digest: demo (\(day))"])
        #expect(try Self.content(organizer, "text/plain") == digest)
        let index = String(decoding: try #require(files["index.html"]), as: UTF8.self)
        #expect(try Self.content(organizer, "text/html") == index)
    }

    @Test func hostileButValidNamesArriveIntactInTheirOwnHeader() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let members = folder.appendingPathComponent("members.csv")
        let long = String(repeating: "Ünïcödé ", count: 12).trimmingCharacters(in: .whitespaces)
        try Data(
            """
            member,email,name
            alice,alice@example.org,"Ann ""Bcc: x@evil.example"" <evil@evil.example>, \\"
            bruno,bruno+club@mail.example.org,=?UTF-8?B?QmNjOiB4?=
            chen,chen@example.org,\(long)

            """.utf8
        ).write(to: members)
        let (result, run, out) = try Self.demo(["--members", members.path])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("without address"))
        let mail = run.appendingPathComponent("mail")
        let names = try FileManager.default.contentsOfDirectory(atPath: mail.path).sorted()
        #expect(names == ["alice.eml", "bruno.eml", "chen.eml", "digest.eml"])
        let mails = try Self.parse(names.map { mail.appendingPathComponent($0) })
        let expected = [
            "alice.eml": ("Ann \"Bcc: x@evil.example\" <evil@evil.example>, \\", "alice@example.org"),
            "bruno.eml": ("=?UTF-8?B?QmNjOiB4?=", "bruno+club@mail.example.org"),
            "chen.eml": (long, "chen@example.org"),
        ]
        for (file, (name, address)) in expected {
            let parsed = try #require(mails[file])
            let to = try #require(parsed["to"] as? [[String: Any]])
            #expect(to.count == 1, "\(file)")
            #expect(to.first?["name"] as? String == name, "\(file)")
            #expect(to.first?["address"] as? String == address, "\(file)")
            let headers = try Self.headers(parsed)
            #expect(headers.values.allSatisfy { $0.count <= 1 }, "\(file)")
            #expect(headers["Subject"]?.first?.contains("demo: your picks, ") == true)
            #expect((parsed["headerDefects"] as? [Any])?.isEmpty == true, "\(file)")
            let raw = try String(contentsOf: mail.appendingPathComponent(file), encoding: .utf8)
            #expect(!raw.contains("\nBcc:") && !raw.contains("evil@evil.example>\r\n"), "\(file)")
        }
    }

    @Test func aDryRunListsWhoWouldGetMail() throws {
        let job = Workspace.root.appendingPathComponent("jobs/demo.json").path
        let out = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try BinaryRunner.run(["run", job, "--out", out.path, "--no-enrich", "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "mail     digest to Organizer <organizer@example.org> (mail/digest.eml), "
                    + "from Reading club <club@example.org>\n"))
        #expect(result.stdout.contains("mail     12 of 13 members would get mail:\n"))
        #expect(result.stdout.contains("           bruno → Bruno Díaz <bruno@example.org> (mail/bruno.eml)\n"))
        #expect(result.stdout.contains("mail     no address for 1: jo\n"))
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("latest").path))
    }

    /// Runs `jobs/send-mail.sh OUT` with a fake sendmail that files each mail in
    /// `OUT/received`, failing (exit 75) once it holds `failAfter` mails.
    static func sendMail(_ out: URL, failAfter: Int? = nil) throws -> Int32 {
        let received = out.appendingPathComponent("received")
        try FileManager.default.createDirectory(at: received, withIntermediateDirectories: true)
        let fake = out.appendingPathComponent("fake-sendmail")
        let failure = failAfter.map { "[ \"$(ls \(received.path) | wc -l)\" -ge \($0) ] && exit 75\n" } ?? ""
        try Data(
            "#!/bin/sh\n[ \"$1\" = -t ] || exit 64\n\(failure)cat > \"$(mktemp \(received.path)/mail.XXXXXX)\"\n".utf8
        ).write(to: fake)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [Workspace.root.appendingPathComponent("jobs/send-mail.sh").path, out.path]
        process.environment = ["SENDMAIL": fake.path, "PATH": "/usr/bin:/bin"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The mails `sendMail` has received, and the run's mails, as sets of contents.
    static func receivedAndWritten(_ out: URL, run: URL) throws -> (received: [Data], written: Set<Data>) {
        let received = try FileManager.default.contentsOfDirectory(
            at: out.appendingPathComponent("received"), includingPropertiesForKeys: nil)
        let written = try FileManager.default.contentsOfDirectory(
            at: run.appendingPathComponent("mail"), includingPropertiesForKeys: nil)
        return (try received.map { try Data(contentsOf: $0) }, Set(try written.map { try Data(contentsOf: $0) }))
    }

    @Test func theJobsScriptHandsEachMailToSendmailOnce() throws {
        let (result, run, out) = try Self.demo([])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.sendMail(out) == 0)
        let (received, written) = try Self.receivedAndWritten(out, run: run)
        #expect(received.count == 13)
        #expect(Set(received) == written)
        #expect(
            try String(contentsOf: out.appendingPathComponent("mail-sent"), encoding: .utf8) == run.lastPathComponent
                + "\n")
        // Again for the same run (a rerun, or exit 75 that kept latest): nothing more goes out.
        #expect(try Self.sendMail(out) == 0)
        #expect(try Self.receivedAndWritten(out, run: run).received.count == 13)
    }

    @Test func aSendmailFailingPartWaySendsOnlyTheRestWhenRunAgain() throws {
        let (result, run, out) = try Self.demo([])
        defer { try? FileManager.default.removeItem(at: out) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.sendMail(out, failAfter: 5) != 0)
        #expect(try Self.receivedAndWritten(out, run: run).received.count == 5)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("mail-sent").path))

        #expect(try Self.sendMail(out) == 0)
        let (received, written) = try Self.receivedAndWritten(out, run: run)
        #expect(received.count == 13, "every mail once: the first five were not sent again")
        #expect(Set(received) == written)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("mail-sending").path))
    }
}
