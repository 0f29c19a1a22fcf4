import Foundation

/// The mails of one run: `mail/<stem>.eml` for every reader with an address
/// in the members file (text: their part of `digest.txt`; HTML: their page),
/// written beside their page as it is rendered, and `mail/digest.eml` for
/// the organizer (text: `digest.txt`; HTML: `index.html`).
///
/// `Date` is the run's start and `Message-ID` is made from the run and the
/// reader (`<bookrec.RUN.HASH@domain of From>`, HASH the FNV-1a 64 of the
/// job's name and the reader's id), so the same run writes the same bytes
/// for any number of threads. A shard writes its readers' mails with its
/// own start; `bookrec merge` writes the digest's.
struct RunMail: Sendable {
    let settings: MailSettings
    /// Addresses by reader id (members without one are left out).
    let recipients: [String: MailAddress]
    /// The job's name, for `{club}` and message ids.
    let club: String?
    /// The run's start, and its name (`RunHistory.name(at:)`).
    let date: Date
    let runName: String

    init(settings: MailSettings, members: [String: MembersFile.Entry], club: String?, date: Date) {
        self.settings = settings
        recipients = members.compactMapValues(\.address)
        self.club = club
        self.date = date
        runName = RunHistory.name(at: date)
    }

    /// `reader`'s mail, whose plain text is `text` and whose HTML is `page`,
    /// written into `out`; false (nothing written) for a reader without an address.
    func writeMessage(for reader: String, text: String, page: TextBuffer, to out: TextBuffer) -> Bool {
        guard let address = recipients[reader] else { return false }
        let subject = settings.subject(
            club: club ?? "bookrec", date: ReportTotals.day(of: date), member: address.name ?? reader)
        message(to: address, subject: subject, id: reader, text: text).write(html: page, to: out)
        return true
    }

    /// The organizer's mail of the digest `title`: `text` is `digest.txt`, `index` is `index.html`.
    func writeDigest(title: String, text: String, index: TextBuffer, to out: TextBuffer) {
        let subject = "\(title) (\(ReportTotals.day(of: date)))"
        message(to: settings.organizer, subject: subject, id: nil, text: text).write(html: index, to: out)
    }

    private func message(to address: MailAddress, subject: String, id: String?, text: String) -> MailMessage {
        let hash = SafeFileName.fnv1a64(Array((club ?? "").utf8) + [0] + Array((id ?? "").utf8))
        let left = "bookrec.\(runName).\(id == nil ? "digest." : "")\(SafeFileName.hex16(hash))"
        return MailMessage(
            date: date, from: settings.from, to: address, replyTo: settings.replyTo, subject: subject,
            messageID: left + "@" + settings.from.domain, text: text)
    }
}
