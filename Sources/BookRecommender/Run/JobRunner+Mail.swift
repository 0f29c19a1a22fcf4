import Foundation

extension JobRunner {
    /// The members file, when the job has one; each rejected row logged.
    /// - Throws: `MailError` when it cannot be read or its header is unusable,
    ///   and `.badMembersFile` for any rejected row with `--on-bad-record fail`.
    func readMembers() throws(MailError) -> MembersList? {
        guard let path = settings.members else { return nil }
        let members = try MembersFile.read(path)
        if settings.onBadRecord == .fail, !members.rejected.isEmpty {
            throw .badMembersFile(problems: members.problems)
        }
        for row in members.rejected {
            log.warning(
                "mail", "bad members row",
                ["file": path, "line": String(row.line), "member": row.member ?? "", "reason": row.reason])
        }
        return members
    }

    /// The run's mails, when the job has mail settings; logs who of `readers`
    /// has no address, and members of the file who are not in the input.
    func mail(
        _ members: MembersList?, readers: [String], _ result: Ingestor.Result, _ startedAt: Date
    ) -> RunMail? {
        guard let mail = settings.mail else { return nil }
        let recipients = MailRecipients(
            readers: readers, members: members?.entries ?? [:], allReaders: Set(result.data.userIDs))
        if members != nil, !recipients.withoutAddress.isEmpty {
            log.info(
                "mail", "without address",
                [
                    "count": String(recipients.withoutAddress.count),
                    "members": MailRecipients.list(recipients.withoutAddress),
                ])
        }
        if !recipients.unknown.isEmpty {
            log.warning(
                "mail", "not in the input",
                ["count": String(recipients.unknown.count), "members": MailRecipients.list(recipients.unknown)])
        }
        return RunMail(settings: mail, members: members?.entries ?? [:], club: settings.name, date: startedAt)
    }
}
