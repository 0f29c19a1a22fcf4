/// The members file (`--members FILE`, job key `members`): who gets mail.
///
/// ```
/// member,email,name
/// alice,alice@example.org,Alice Liddell
/// bruno,bruno@example.org,
/// chen,,                      (no address: no mail)
/// ```
///
/// A UTF-8 CSV file whose header names the columns (`member` and `email`
/// required, `name` optional, in any order, any case). `member` is the
/// member's id as the ratings give it (a club's file or folder name, or
/// a user id). Every row is hostile input: an address must pass
/// `MailAddress`'s check, a name must hold no control character, a member
/// may appear once. A bad row costs only its member: it is rejected (file,
/// line and reason; see `MembersList`) and that member gets no mail, while
/// everyone else's mail is written as usual. A duplicate row is rejected in
/// favour of the member's first row, which decides whether they get mail. A
/// file that cannot be read, or whose header is unusable, stops the run.
enum MembersFile {
    /// One member's row.
    struct Entry: Sendable, Equatable {
        var member: String
        /// Nil when the row gives no address.
        var address: MailAddress?
        var line: Int
    }

    /// A row that cannot be used.
    struct Rejected: Sendable, Equatable {
        /// The member id the row gives, when it could be read.
        var member: String?
        var line: Int
        /// Why, as `rejects.csv` writes it.
        var reason: String
        /// The row as the file holds it.
        var record: String
    }

    /// The rows of the members file at `path`: the usable ones by member id, and the rejected ones.
    /// - Throws: `MailError.cannotRead`, or `.badMembersFile` for an empty file or an unusable header.
    static func read(_ path: String) throws(MailError) -> MembersList {
        var tokenizer: CSVTokenizer
        do {
            tokenizer = try CSVTokenizer(path: path, delimiter: UInt8(ascii: ","))
        } catch {
            throw .cannotRead(path: path, reason: "\(error)")
        }
        var list = MembersList(path: path)
        var firstLine: [String: Int] = [:]
        var columns: (member: Int, email: Int, name: Int?, count: Int)?
        do {
            while let record = try tokenizer.next() {
                var fields: [String] = []
                var problem = record.problem?.rejectReason.description
                for index in 0..<record.count where problem == nil {
                    guard let text = record.text(index, .utf8) else {
                        problem = "not valid UTF-8"
                        break
                    }
                    fields.append(text.trimmingCharacters(in: .whitespaces))
                }
                guard let known = columns else {
                    columns = problem == nil ? header(fields) : nil
                    guard columns != nil else {
                        let reason = problem ?? "the header must name the columns member, email and (optionally) name"
                        throw MailError.badMembersFile(problems: ["\(path):\(record.line): \(reason)"])
                    }
                    continue
                }
                if record.isBlankRow { continue }
                func field(_ index: Int?) -> String {
                    guard let index, index < fields.count else { return "" }
                    return fields[index]
                }
                let member = field(known.member)
                let id = member.isEmpty ? nil : member
                func reject(_ reason: String) {
                    list.add(Rejected(member: id, line: record.line, reason: reason, record: record.rawText))
                    if let id, firstLine[id] == nil { firstLine[id] = record.line }
                }
                if let problem {
                    reject(problem)
                } else if fields.count > known.count {
                    reject("\(fields.count) fields, the header names \(known.count)")
                } else if id == nil {
                    reject("no member id")
                } else if let earlier = firstLine[member] {
                    reject("member \(member.debugDescription) is on line \(earlier) already")
                } else {
                    firstLine[member] = record.line
                    do throws(MailAddress.Problem) {
                        list.add(try entry(member, email: field(known.email), name: field(known.name), record.line))
                    } catch {
                        reject("member \(member.debugDescription): \(error.reason)")
                    }
                }
            }
        } catch let error as MailError {
            throw error
        } catch {
            throw .cannotRead(path: path, reason: "\(error)")
        }
        guard columns != nil else { throw .badMembersFile(problems: ["\(path): empty: no header line"]) }
        return list
    }

    /// The entry of a row whose member id is `member`.
    /// - Throws: why the address or the name is unusable.
    private static func entry(
        _ member: String, email: String, name: String, _ line: Int
    ) throws(MailAddress.Problem) -> Entry {
        let address = email.isEmpty ? nil : try MailAddress(name: name, address: email)
        if email.isEmpty, let problem = MailAddress.problem(name: name) { throw MailAddress.Problem(reason: problem) }
        return Entry(member: member, address: address, line: line)
    }

    /// The columns a header names; nil without `member` and `email`, or with an unknown column.
    private static func header(_ fields: [String]) -> (member: Int, email: Int, name: Int?, count: Int)? {
        let names = fields.map { $0.lowercased() }
        guard Set(names).count == names.count, names.allSatisfy(["member", "email", "name"].contains),
            let member = names.firstIndex(of: "member"), let email = names.firstIndex(of: "email")
        else { return nil }
        return (member, email, names.firstIndex(of: "name"), names.count)
    }
}
