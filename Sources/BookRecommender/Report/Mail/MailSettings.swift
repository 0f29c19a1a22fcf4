/// The job's `mail` settings: who the mails come from, who gets the club
/// digest, and the subject of a member's mail.
///
/// ```json
/// "mail": {"from": "Club <club@example.org>", "organizer": "org@example.org",
///          "replyTo": "Ann <ann@example.org>", "subject": "Picks for {member}, {date}"}
/// ```
///
/// `from` and `organizer` are required, `replyTo` and `subject` optional.
/// The subject may use `{club}` (the job's name), `{date}` (the run's day)
/// and `{member}` (the member's name from the members file, else their id).
struct MailSettings: Sendable, Equatable, Codable {
    static let defaultSubject = "{club}: book picks for {member}, {date}"
    static let placeholders = ["{club}", "{date}", "{member}"]
    static let keys = ["from", "organizer", "replyTo", "subject"]

    var from: MailAddress
    /// Who gets `mail/digest.eml`, the club digest.
    var organizer: MailAddress
    var replyTo: MailAddress?
    var subject: String

    /// Reads a `mail` object.
    /// - Returns: the settings, or every problem as `(key, message)`, keys in order.
    static func parse(_ object: [String: JSONValue]) -> Result<MailSettings, Problems> {
        var problems: [(String, String)] = []
        for key in object.keys.sorted() where !keys.contains(key) {
            problems.append((key, "unknown key (known keys: \(keys.joined(separator: ", ")))"))
        }
        func text(_ key: String) -> String? {
            switch object[key] {
            case nil: return nil
            case .string(let value): return value
            case let other?:
                problems.append((key, "expected string, found \(other.typeName)"))
                return nil
            }
        }
        func address(_ key: String, required: Bool) -> MailAddress? {
            guard let value = text(key) else {
                if required, object[key] == nil { problems.append((key, "missing: expected Name <user@example.org>")) }
                return nil
            }
            do {
                return try MailAddress(parsing: value)
            } catch {
                problems.append((key, "\(value.debugDescription): \(error.reason)"))
                return nil
            }
        }
        let from = address("from", required: true)
        let organizer = address("organizer", required: true)
        let replyTo = address("replyTo", required: false)
        let subject = text("subject") ?? defaultSubject
        if let problem = subjectProblem(subject) { problems.append(("subject", problem)) }
        guard problems.isEmpty, let from, let organizer else { return .failure(Problems(list: problems)) }
        return .success(MailSettings(from: from, organizer: organizer, replyTo: replyTo, subject: subject))
    }

    /// Why a subject template cannot be used, or nil.
    static func subjectProblem(_ subject: String) -> String? {
        if subject.trimmingCharacters(in: .whitespaces).isEmpty { return "empty" }
        if subject.count > 200 { return "longer than 200 characters" }
        if subject.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "holds a control character"
        }
        var rest = subject
        for placeholder in placeholders { rest = rest.replacingOccurrences(of: placeholder, with: "") }
        if let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            return "unknown placeholder \(rest[open...close]) (known: \(placeholders.joined(separator: ", ")))"
        }
        return nil
    }

    /// Every problem of a `mail` object, by key.
    struct Problems: Error, Sendable, Equatable {
        var list: [(key: String, message: String)]

        static func == (one: Problems, other: Problems) -> Bool {
            one.list.map { "\($0.key): \($0.message)" } == other.list.map { "\($0.key): \($0.message)" }
        }
    }

    /// The subject of a member's mail, every placeholder filled with text
    /// made one line (`DigestText.clean`).
    func subject(club: String, date: String, member: String) -> String {
        let values = ["{club}": DigestText.clean(club), "{date}": date, "{member}": DigestText.clean(member)]
        var out = ""
        var rest = subject[...]
        // One pass, so that a name holding "{date}" stays as it is.
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            rest = rest[open...]
            if let (placeholder, value) = values.first(where: { rest.hasPrefix($0.key) }) {
                out += value
                rest = rest.dropFirst(placeholder.count)
            } else {
                out += "{"
                rest = rest.dropFirst()
            }
        }
        return out + rest
    }

    private enum CodingKeys: String, CodingKey { case from, organizer, replyTo, subject }

    /// The object as the job file writes it (`summary.json`'s `settings.mail`).
    /// - Throws: what the encoder throws.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(from.text, forKey: .from)
        try container.encode(organizer.text, forKey: .organizer)
        try container.encodeIfPresent(replyTo?.text, forKey: .replyTo)
        try container.encode(subject, forKey: .subject)
    }
}

// In an extension, so that the memberwise initializer stays.
extension MailSettings {
    /// Reads the object `encode(to:)` wrote (a part's `summary.json`), with the job file's checks.
    /// - Throws: `DecodingError.dataCorrupted` naming the problems of settings that do not parse.
    init(from decoder: any Decoder) throws {
        switch Self.parse(try [String: JSONValue](from: decoder)) {
        case .success(let settings): self = settings
        case .failure(let problems):
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: problems.list.map { "\($0.key): \($0.message)" }.joined(separator: "; ")))
        }
    }
}
