/// Why mail cannot be written: a members file that cannot be read (exit
/// 66), or that is empty, has an unusable header, or has bad rows with
/// `--on-bad-record fail` (exit 65, every bad row listed, before any work).
/// Without `fail`, bad rows are rejected and cost only their members (`MembersList`).
package enum MailError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The members file at `path` cannot be read.
    case cannotRead(path: String, reason: String)
    /// Each problem as `file:line: message`.
    case badMembersFile(problems: [String])

    /// What is wrong, as `bookrec` prints it.
    package var description: String {
        switch self {
        case .cannotRead(let path, let reason): "\(path): cannot read the members file: \(reason)"
        case .badMembersFile(let problems): problems.joined(separator: "\n")
        }
    }
}
