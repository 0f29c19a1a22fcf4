import Foundation

/// `--dry-run`: the settings are valid (checked before this runs); reads the
/// inputs as the run would, and prints what the run would do. Writes nothing,
/// not even the output folder, and sends nothing.
package struct DryRun {
    let settings: RunSettings

    package init(settings: RunSettings) { self.settings = settings }

    /// The plan, ending in a newline.
    /// - Throws: `IngestError` as the run would (a bad record with `fail`),
    ///   `BookModelError` for a model file that is damaged.
    package func plan() throws -> String {
        let files = try settings.inputFiles()
        let rejects = RejectLog(streamingTo: nil, keep: 5)
        let result = try IngestStage(settings: settings, log: Log()).read(
            files, catalog: try settings.catalogFile(), plan: .parse(policy: settings.onBadRecord), rejects: rejects)
        var rows = [Inspection.fileColumns]
        for file in result.files {
            rows.append(
                [file.path, file.format?.rawValue ?? "unknown", file.scale?.text ?? ""]
                    + Inspection.numbers(file.records))
        }
        rows.append(["total", "", ""] + Inspection.numbers(result.totals))

        let out = URL(fileURLWithPath: settings.out)
        let history = RunHistory(out: out, keepRuns: settings.keepRuns)
        var text = "dry run of \(settings.name.map { "job '\($0)'" } ?? "recommend"): nothing is written or sent\n\n"
        text += Inspection.table(rows, textColumns: 3, lastIsText: true)
        text += "\n\(result.data.userCount) users, \(result.data.itemCount) books, "
        text += "\(result.totals.used) ratings, \(result.totals.rejected) records to rejects.csv\n"
        text += Inspection.members(result) + "\n"
        text += "output   \(out.path)\(RunHistory.exists(out) ? "" : " (would be created)")\n"
        let lock = history.lockFile(shard: settings.shard)
        if let pid = JobLock.probe(lock.path) {
            text += "lock     \(lock.path): held by process \(pid); the run would exit 75\n"
        } else {
            text += "lock     \(lock.path): free\n"
        }
        if let shard = settings.shard {
            let users = result.data.userIDs.filter { shard.contains(user: $0) }.count
            text += "shard    \(shard.index) of \(shard.count): \(users) users → \(history.part(shard).path)/\n"
        } else {
            text += "run      \(history.runs.path)/<UTC time>/, then latest → it; \(settings.keepRuns) runs kept\n"
        }
        if let path = settings.modelFile {
            let model = try ModelInspection(path: path).model
            text += "model    \(path): \(model.options.similarity.rawValue), \(model.options.neighbors) neighbours, "
            text += "\(model.bookCount) books, trained \(ISO8601DateFormatter().string(from: model.trainedAt)); "
        } else {
            text += "model    \(settings.model.similarity.rawValue), \(settings.model.neighbors) neighbours, "
        }
        text += "top \(settings.model.top), \(settings.model.threads) threads\n"
        text += "enrich   \(enrichPlan(out: out))\n"
        if let mail = settings.mail {
            let members = try settings.members.map { path throws(MailError) in try MembersFile.read(path) }
            if settings.onBadRecord == .fail, let members, !members.rejected.isEmpty {
                throw MailError.badMembersFile(problems: members.problems)
            }
            let readers = result.data.userIDs.filter { settings.shard?.contains(user: $0) ?? true }
            text += mailPlan(mail, members: members, readers: readers, all: result.data.userIDs)
        }
        return text
    }

    /// Who would get mail: the organizer, then every reader with an
    /// address (and their file), then who has none.
    private func mailPlan(
        _ mail: MailSettings, members: MembersList?, readers: [String], all: [String]
    ) -> String {
        var text = "mail     digest to \(mail.organizer.text) (mail/digest.eml), from \(mail.from.text)\n"
        guard let members else { return text + "mail     no members file: no member gets mail\n" }
        let recipients = MailRecipients(readers: readers, members: members.entries, allReaders: Set(all))
        let stems = Dictionary(zip(all, SafeFileName.stems(for: all))) { first, _ in first }
        text += "mail     \(recipients.mailed.count) of \(readers.count) members would get mail:\n"
        for (reader, address) in recipients.mailed {
            text += "           \(DigestText.clean(reader)) → \(DigestText.clean(address.text)) "
            text += "(mail/\(stems[reader] ?? "?").eml)\n"
        }
        if !recipients.withoutAddress.isEmpty {
            text += "mail     no address for \(recipients.withoutAddress.count): "
            text += DigestText.clean(MailRecipients.list(recipients.withoutAddress)) + "\n"
        }
        for row in members.rejected {
            text += "mail     rejected \(DigestText.clean(members.path)):\(row.line): \(DigestText.clean(row.reason))\n"
        }
        if !recipients.unknown.isEmpty {
            text += "mail     in the members file but not in the input: "
            text += DigestText.clean(MailRecipients.list(recipients.unknown)) + "\n"
        }
        return text
    }

    private func enrichPlan(out: URL) -> String {
        guard settings.enrich.enabled else { return "off" }
        guard let options = settings.enrich.options(out: out) else { return "invalid base URL" }
        let cache = options.cacheFolder?.path ?? "none"
        if options.offline { return "offline: cache only (\(cache))" }
        let key = options.apiKey == nil ? "no key in \(options.apiKeyVariable): cache only" : "key set"
        return "\(options.baseURL.absoluteString) at \(options.rate)/s, \(key), cache \(cache)"
    }
}
