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
/// may appear once. Any bad row stops the run before any work (exit 65),
/// every bad row named with its line: mail to the wrong address, or to
/// part of a club, is worse than a night without mail.
package enum MembersFile {
    /// One member's row.
    package struct Entry: Sendable, Equatable {
        package var member: String
        /// Nil when the row gives no address.
        package var address: MailAddress?
        package var line: Int
    }

    /// The rows of the members file at `path`, by member id.
    /// - Throws: `MailError.cannotRead`, or `.badMembersFile` listing every bad row.
    package static func read(_ path: String) throws(MailError) -> [String: Entry] {
        var tokenizer: CSVTokenizer
        do {
            tokenizer = try CSVTokenizer(path: path, delimiter: UInt8(ascii: ","))
        } catch {
            throw .cannotRead(path: path, reason: "\(error)")
        }
        var problems: [String] = []
        var entries: [String: Entry] = [:]
        var columns: (member: Int, email: Int, name: Int?, count: Int)?
        do {
            while let record = try tokenizer.next() {
                let at = "\(path):\(record.line)"
                if let problem = record.problem {
                    problems.append("\(at): \(problem.rejectReason)")
                    continue
                }
                var fields: [String] = []
                for index in 0..<record.count {
                    guard let text = record.text(index, .utf8) else {
                        problems.append("\(at): not valid UTF-8")
                        break
                    }
                    fields.append(text.trimmingCharacters(in: .whitespaces))
                }
                guard fields.count == record.count else { continue }
                guard let known = columns else {
                    columns = header(fields)
                    if columns == nil {
                        problems.append("\(at): the header must name the columns member, email and (optionally) name")
                        return try fail(problems)
                    }
                    continue
                }
                guard fields.count <= known.count else {
                    problems.append("\(at): \(fields.count) fields, the header names \(known.count)")
                    continue
                }
                func field(_ index: Int?) -> String {
                    guard let index, index < fields.count else { return "" }
                    return fields[index]
                }
                let member = field(known.member)
                guard !member.isEmpty else {
                    problems.append("\(at): no member id")
                    continue
                }
                if let earlier = entries[member] {
                    problems.append("\(at): member \(member.debugDescription) is on line \(earlier.line) already")
                    continue
                }
                let email = field(known.email)
                do throws(MailAddress.Problem) {
                    let address = email.isEmpty ? nil : try MailAddress(name: field(known.name), address: email)
                    if email.isEmpty, let problem = MailAddress.problem(name: field(known.name)) {
                        throw MailAddress.Problem(reason: problem)
                    }
                    entries[member] = Entry(member: member, address: address, line: record.line)
                } catch {
                    problems.append("\(at): member \(member.debugDescription): \(error.reason)")
                }
            }
        } catch {
            throw .cannotRead(path: path, reason: "\(error)")
        }
        guard columns != nil else { throw .badMembersFile(problems: problems + ["\(path): empty: no header line"]) }
        return try fail(problems, else: entries)
    }

    /// The columns a header names; nil without `member` and `email`, or with an unknown column.
    private static func header(_ fields: [String]) -> (member: Int, email: Int, name: Int?, count: Int)? {
        let names = fields.map { $0.lowercased() }
        guard Set(names).count == names.count, names.allSatisfy(["member", "email", "name"].contains),
            let member = names.firstIndex(of: "member"), let email = names.firstIndex(of: "email")
        else { return nil }
        return (member, email, names.firstIndex(of: "name"), names.count)
    }

    private static func fail(
        _ problems: [String], else entries: [String: Entry] = [:]
    ) throws(MailError) -> [String: Entry] {
        guard problems.isEmpty else { throw .badMembersFile(problems: problems) }
        return entries
    }
}
