import Foundation

/// Reads a LibraryThing JSON export: one object keyed by book id. Each book
/// is decoded on its own, so a broken one is a reject with its line and the
/// others still count. A document that is one book object on its own (its
/// members `books_id`, `title`, … rather than books) is that one book. The
/// user is the file's member (`InputFile.member`); `rating` (assumed key name; absent, empty or 0 =
/// an interaction of the kind its `collections` say) is on the 0.5–5 scale.
struct LibraryThingJSONFormat: FileParser {
    /// The largest file accepted by default: 256 MiB.
    static let defaultMaxFileBytes = 256 << 20

    /// The largest file accepted, in bytes.
    var maxFileBytes: Int

    init(maxFileBytes: Int = defaultMaxFileBytes) {
        self.maxFileBytes = maxFileBytes
    }

    /// Reads every book of `file` into `sink`.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read or is
    ///   larger than `maxFileBytes`; `.malformed` when its top level is not a
    ///   JSON object.
    func read(_ file: InputFile, into sink: inout some RecordSink) throws(IngestError) {
        var scanner = JSONMemberScanner(bytes: try load(file))
        if let line = scanner.openObject() {
            throw .malformed(
                path: file.path, line: line, reason: "the top level is not a JSON object (a LibraryThing JSON export)")
        }
        let user = file.member
        var first = true
        while !sink.isStopped, let member = scanner.next() {
            defer { first = false }
            if first, let book = Self.singleBook(scanner.bytes, firstMember: scanner.bytes[member.range]) {
                let rawText = String(decoding: scanner.bytes, as: UTF8.self)
                let key = (book["books_id"] as? String) ?? ""
                return LibraryThingJSONBook(key: key, fields: book).send(user: user, line: 1, raw: rawText, to: &sink)
            }
            let raw = scanner.bytes[member.range]
            let rawText = String(decoding: raw, as: UTF8.self)
            if member.truncated {
                sink.reject(line: member.line, reason: .other("the JSON object is not closed"), record: rawText)
                continue
            }
            guard let (key, value) = Self.decode(raw) else {
                sink.reject(line: member.line, reason: .other("not a valid JSON member"), record: rawText)
                continue
            }
            guard let book = value as? [String: Any] else {
                sink.reject(line: member.line, reason: .other("book \(key) is not a JSON object"), record: rawText)
                continue
            }
            LibraryThingJSONBook(key: key, fields: book).send(user: user, line: member.line, raw: rawText, to: &sink)
        }
    }

    private func load(_ file: InputFile) throws(IngestError) -> [UInt8] {
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            throw .cannotRead(path: file.path, reason: error.localizedDescription)
        }
        guard size <= maxFileBytes else {
            throw .cannotRead(
                path: file.path,
                reason: "the file is \(size) bytes; JSON exports over \(maxFileBytes) bytes are refused")
        }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: file.path)))
        } catch {
            throw .cannotRead(path: file.path, reason: error.localizedDescription)
        }
    }

    /// The whole document as one book, when it is one: its first member is a
    /// book field (`books_id`, `title`) rather than a book, and it decodes as
    /// an object.
    static func singleBook(_ document: [UInt8], firstMember: ArraySlice<UInt8>) -> [String: Any]? {
        guard let (key, value) = decode(firstMember), !(value is [String: Any]),
            ["books_id", "title", "primaryauthor"].contains(key),
            let book = try? JSONSerialization.jsonObject(with: Data(document)) as? [String: Any]
        else { return nil }
        return book
    }

    /// The key and decoded value of `"key": value`, or nil when it is not valid JSON.
    static func decode(_ member: ArraySlice<UInt8>) -> (String, Any)? {
        var text = Data("{".utf8)
        text.append(contentsOf: member)
        text.append(contentsOf: "}".utf8)
        guard let object = try? JSONSerialization.jsonObject(with: text) as? [String: Any], object.count == 1,
            let (key, value) = object.first
        else { return nil }
        return (key, value)
    }
}
