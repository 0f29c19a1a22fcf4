import Foundation

/// One mail as `bookrec` writes it into `mail/`: an RFC 5322 message,
/// MIME `multipart/alternative` with a `text/plain` part (quoted-printable)
/// and a `text/html` part (base64), both UTF-8 in their canonical CRLF
/// form. Every line ends in CRLF and none is longer than 78 characters.
/// Ready for `sendmail -t`, which takes the recipients from `To`.
struct MailMessage {
    var date: Date
    var from: MailAddress
    var to: MailAddress
    var replyTo: MailAddress?
    var subject: String
    /// The `Message-ID` without its angle brackets: `left@domain`.
    var messageID: String
    /// The plain text, lines ending in LF.
    var text: String

    /// The message with `html` (lines ending in LF) as its HTML part, written into `out`.
    func write(html: TextBuffer, to out: TextBuffer) {
        // "=_" appears in neither body: quoted-printable writes "=" as "=3D"
        // and base64 has no "_", so one fixed boundary is always safe.
        let boundary = "=_bookrec_alternative"
        out.append(MailHeader.field("Date", [MailHeader.date(date)]))
        out.append(MailHeader.field("From", MailHeader.mailbox(from)))
        out.append(MailHeader.field("To", MailHeader.mailbox(to)))
        if let replyTo { out.append(MailHeader.field("Reply-To", MailHeader.mailbox(replyTo))) }
        out.append(MailHeader.field("Subject", MailHeader.unstructured(subject)))
        out.append(MailHeader.field("Message-ID", ["<" + messageID + ">"]))
        out.append("Auto-Submitted: auto-generated\r\nMIME-Version: 1.0\r\n")
        out.append("Content-Type: multipart/alternative; boundary=\"")
        out.append(boundary)
        out.append("\"\r\n\r\nThis is a message in two forms, plain text and HTML.\r\n\r\n--")
        out.append(boundary)
        out.append("\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
        out.append(MailBody.quotedPrintable(text))
        out.append("\r\n--")
        out.append(boundary)
        out.append("\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n")
        out.append(MailBody.base64(MailBody.crlf(html)))
        out.append("\r\n--")
        out.append(boundary)
        out.append("--\r\n")
    }
}
