import CLibXML2
import Foundation

@testable import BookRecommender

/// libxml2's own walk of a file, its `xmlTextReader` fed a line at a time,
/// with the checks and numbering bookrec's parser on it had: the oracle
/// `XMLStream` (which walks the nodes of one SAX parse as `xmlTextReader`
/// walks its tree) is checked against. Only tests use it; the library has one
/// libxml2 parser.
final class LibXML2WalkOracle {
    let path: String
    private let descriptor: Int32
    private var reader: xmlTextReaderPtr!
    private let pending = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
    private var start = 0
    private var end = 0
    private var readErrno: Int32 = 0
    private var errors = XMLParseErrors()
    private var lastTextLine = 0
    private var lastNodeWasText = false
    private var textLineBeforeNode: Int?
    private var root: (name: String, closed: Bool)?

    init(path: String) throws(IngestError) {
        _ = libxml2SetUp
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        self.path = path
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue
        let context = Unmanaged.passUnretained(self).toOpaque()
        reader = xmlReaderForIO(oracleRead, nil, context, path, nil, Int32(options))
        xmlTextReaderSetStructuredErrorHandler(reader, oracleError, context)
    }

    deinit {
        xmlFreeTextReader(reader)
        close(descriptor)
        pending.deallocate()
    }

    /// One node as a line of text, or the error the walk stopped with.
    static func walk(_ path: String) -> [String] {
        var lines: [String] = []
        do {
            let oracle = try LibXML2WalkOracle(path: path)
            while try oracle.advance() { lines.append(oracle.describeNode()) }
        } catch {
            lines.append("error \(error)")
        }
        return lines
    }

    func advance() throws(IngestError) -> Bool {
        switch xmlTextReaderRead(reader) {
        case 1:
            textLineBeforeNode = lastNodeWasText ? lastTextLine : nil
            try checkCurrentNode()
            return true
        case 0 where errors.fatal == nil:
            return false
        default:
            throw failure()
        }
    }

    var nodeKind: XMLStream.NodeKind {
        switch xmlReaderTypes(UInt32(bitPattern: xmlTextReaderNodeType(reader))) {
        case XML_READER_TYPE_ELEMENT: .element
        case XML_READER_TYPE_END_ELEMENT: .endElement
        case XML_READER_TYPE_TEXT, XML_READER_TYPE_CDATA, XML_READER_TYPE_WHITESPACE,
            XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
            .text
        case XML_READER_TYPE_ENTITY_REFERENCE: .entityReference
        default: .other
        }
    }

    var localName: String { xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? "" }
    var depth: Int { Int(xmlTextReaderDepth(reader)) }
    var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }

    func attribute(_ name: String) -> String? {
        guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
        defer { bookrec_xmlFree(value) }
        return String(cString: value)
    }

    func attributes() -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        guard xmlTextReaderMoveToFirstAttribute(reader) == 1 else { return result }
        repeat {
            let name = xmlTextReaderConstName(reader).map { String(cString: $0) } ?? ""
            let value = xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
            result.append((name: name, value: value))
        } while xmlTextReaderMoveToNextAttribute(reader) == 1
        xmlTextReaderMoveToElement(reader)
        return result
    }

    var text: String { xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? "" }

    var line: Int {
        guard let node = xmlTextReaderCurrentNode(reader) else {
            return max(Int(xmlTextReaderGetParserLineNumber(reader)), 1)
        }
        let nodeLine = Int(xmlGetLineNo(node))
        if nodeLine > 0, nodeLine < Int(UInt16.max) { return nodeLine }
        if nodeKind == .element, let textLineBeforeNode { return textLineBeforeNode }
        return max(lastTextLine, Int(UInt16.max))
    }

    /// What the differential tests compare, node by node.
    func describeNode() -> String {
        var description = "\(nodeKind) \(depth) \(localName) \(line) \(isEmptyElement)"
        switch nodeKind {
        case .element:
            description += " \(attributes()) scale=\(attribute("scale") ?? "-") tag=\(attribute("tag") ?? "-")"
        case .text: description += " \(text.debugDescription)"
        case .endElement, .entityReference, .other: break
        }
        return description
    }

    private func checkCurrentNode() throws(IngestError) {
        lastNodeWasText = nodeKind == .text
        switch nodeKind {
        case .text:
            if let node = xmlTextReaderCurrentNode(reader) { lastTextLine = Int(xmlGetLineNo(node)) }
        case .element:
            if depth > XMLLimits.maxDepth {
                throw .malformed(path: path, line: line, reason: XMLLimits.nestedTooDeep)
            }
            if xmlTextReaderAttributeCount(reader) > XMLLimits.maxAttributes {
                throw .malformed(path: path, line: line, reason: XMLLimits.tooManyAttributes(on: localName))
            }
            if depth == 0 {
                root = (name: localName, closed: isEmptyElement)
                if let node = xmlTextReaderCurrentNode(reader), let dtd = node.pointee.doc?.pointee.intSubset,
                    [dtd.pointee.entities, dtd.pointee.pentities].contains(where: {
                        $0.map { xmlHashSize(OpaquePointer($0)) > 0 } ?? false
                    })
                {
                    throw .malformed(path: path, line: line, reason: XMLLimits.entitiesDeclared)
                }
            }
        case .endElement:
            if depth == 0 { root?.closed = true }
        case .entityReference, .other:
            break
        }
    }

    private func failure() -> IngestError {
        if readErrno != 0 { return .cannotRead(path: path, reason: String(cString: strerror(readErrno))) }
        let error = errors.malformed(path: path, fallbackLine: max(Int(xmlTextReaderGetParserLineNumber(reader)), 1))
        guard let root, !root.closed, case .malformed(_, let line, let reason) = error,
            Self.endsInside(root.name, path, afterLine: line)
        else { return error }
        return .malformed(path: path, line: line, reason: XMLLimits.cutShort(root: root.name, libxml2: reason))
    }

    /// True when the regular file holds only blanks after line `line` and no `</root>` anywhere.
    private static func endsInside(_ root: String, _ path: String, afterLine line: Int) -> Bool {
        guard FileChunks.isRegularFile(path), let data = FileManager.default.contents(atPath: path) else {
            return false
        }
        var lineFeeds = 0
        for byte in data {
            if lineFeeds >= line, ![0x20, 0x09, 0x0D, 0x0A].contains(byte) { return false }
            if byte == 0x0A { lineFeeds += 1 }
        }
        var tags = XMLEndTags()
        tags.setRoot(Array(root.utf8))
        data.withUnsafeBytes { tags.scan($0.bindMemory(to: UInt8.self)) }
        return !tags.holdsRoot
    }

    fileprivate func take(_ buffer: UnsafeMutablePointer<CChar>, _ length: Int) -> Int32 {
        while start == end {
            let count = read(descriptor, pending, 1 << 16)
            if count == 0 { return 0 }
            if count > 0 {
                (start, end) = (0, count)
            } else if errno != EINTR {
                readErrno = errno
                return -1
            }
        }
        let limit = min(end - start, length)
        let lineEnd = memchr(pending + start, 0x0A, limit)
        let count = lineEnd.map { $0.assumingMemoryBound(to: UInt8.self) - (pending + start) + 1 } ?? limit
        UnsafeMutableRawPointer(buffer).copyMemory(from: pending + start, byteCount: count)
        start += count
        return Int32(count)
    }

    fileprivate func record(_ error: xmlErrorPtr) { errors.record(error) }
}

private func oracleRead(_ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int32)
    -> Int32
{
    guard let context, let buffer, length > 0 else { return -1 }
    return Unmanaged<LibXML2WalkOracle>.fromOpaque(context).takeUnretainedValue().take(buffer, Int(length))
}

private func oracleError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let context, let error else { return }
    Unmanaged<LibXML2WalkOracle>.fromOpaque(context).takeUnretainedValue().record(error)
}
