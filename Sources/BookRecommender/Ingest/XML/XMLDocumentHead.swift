import Foundation

/// The start of an XML document up to the end of its root's start tag: the
/// context a piece cut from the rest is parsed after, so that it sees the
/// same declarations, namespaces and DOCTYPE as the whole document.
struct XMLDocumentHead: Sendable {
    /// Longer heads are not repeated before every piece (a DOCTYPE of
    /// megabytes would be parsed again for each); such a document is read whole.
    static let maxBytes = 1 << 16

    /// The file's bytes up to and including the `>` of the root's start tag.
    let bytes: [UInt8]
    /// The line on which the root's start tag ends (where the first piece begins).
    let rootLine: Int
    /// The root's name as `XMLStream.localName` gives it.
    let rootName: String
    /// `</name>` for the root's qualified name: what closes a piece.
    let closingTag: [UInt8]

    /// Where the first piece would start.
    var end: Int { bytes.count }

    /// The head of the document at `path`, or nil when its content cannot be
    /// cut into pieces: it is decoded from another encoding (its bytes are not
    /// libxml2's), its root is empty or its head is longer than `maxBytes`,
    /// libxml2 finds no root (the caller's `XMLStream` has already refused a
    /// broken prolog), or the head alone does not leave libxml2 inside the
    /// root (which `XMLEventParser.countLines(from:)` needs).
    /// - Throws: `IngestError.cannotRead` when the file cannot be read.
    static func read(_ path: String) throws(IngestError) -> XMLDocumentHead? {
        var found: (end: Int, line: Int, name: String, qualifiedName: String)?
        var plain = true
        let parser = try XMLEventParser(path: path) { tag, parser in
            plain = parser.readsBytesAsTheyAre
            if let end = parser.offsetPastTag { found = (end, tag.line, tag.treeName, tag.qualifiedName) }
            return false
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var block = [UInt8](repeating: 0, count: 4096)
        var offset = 0
        while offset < maxBytes + block.count, !parser.isStopped {
            let count = block.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
            guard count > 0 else { break }
            offset += count
            _ = block.withUnsafeBytes { parser.push(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        guard plain, let found, found.end <= maxBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: found.end)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, found.end, 0) }
        guard count == found.end, bytes.last == UInt8(ascii: ">"), bytes[bytes.count - 2] != UInt8(ascii: "/") else {
            return nil
        }
        let trial = try XMLEventParser(path: path)
        guard trial.push(bytes) == 0, !trial.isStopped, trial.depth == 1, trial.line == found.line else { return nil }
        return XMLDocumentHead(
            bytes: bytes, rootLine: found.line, rootName: found.name,
            closingTag: Array("</\(found.qualifiedName)>".utf8))
    }
}
