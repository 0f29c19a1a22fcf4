import CLibXML2
import Foundation

/// A forward-only cursor over one XML file, on libxml2's `xmlTextReader`.
///
/// The file is read through a file descriptor in small chunks, so memory stays
/// flat however large the document. The parser is locked down: no network
/// (`XML_PARSE_NONET`), no entity substitution, no DTD loading, defaulting or
/// validation, libxml2's default size limits (no `XML_PARSE_HUGE`), and
/// external entity loading refused process-wide. A document whose internal
/// DTD subset declares entities is refused outright (neither supported format
/// uses them; they carry XXE and "billion laughs" attacks). Nesting deeper
/// than `maxDepth` and elements with more than `maxAttributes` attributes are
/// refused too.
struct XMLStreamReader: ~Copyable {
    /// The kinds of node the XML readers tell apart.
    enum NodeKind: Equatable {
        case element, endElement, text, entityReference, other
    }

    /// The deepest element nesting accepted (the root has depth 0); below
    /// libxml2's own limit of 256, so that this clearer error usually comes first.
    static let maxDepth = 128
    /// The most attributes accepted on one element.
    static let maxAttributes = 256
    /// The longest text `readElementText()` collects, in UTF-8 bytes.
    static let maxTextLength = 1 << 20

    /// The path being read, for messages.
    let path: String
    private let reader: xmlTextReaderPtr
    private let state: XMLReaderState

    /// Opens `path` for reading; nothing is parsed yet.
    /// - Throws: `IngestError.cannotRead` when the file cannot be opened.
    init(path: String) throws(IngestError) {
        _ = libxml2SetUp
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        let state = XMLReaderState(fd: fd)
        let context = Unmanaged.passUnretained(state).toOpaque()
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue
        guard let reader = xmlReaderForIO(readChunk, nil, context, path, nil, Int32(options)) else {
            close(fd)
            throw .cannotRead(path: path, reason: "libxml2 cannot create a reader")
        }
        xmlTextReaderSetStructuredErrorHandler(reader, recordError, context)
        self.path = path
        self.reader = reader
        self.state = state
    }

    deinit {
        xmlFreeTextReader(reader)
        close(state.fd)
    }

    /// Moves to the next node in document order.
    /// - Returns: false at the end of the document.
    /// - Throws: `IngestError.malformed` (with the line libxml2 reports) when the
    ///   document is not well-formed, is truncated, declares entities or breaks
    ///   the depth or attribute bounds; `.cannotRead` when reading fails.
    mutating func advance() throws(IngestError) -> Bool {
        switch xmlTextReaderRead(reader) {
        case 1:
            // Text between tags ends on the line where the next tag begins.
            state.textLineBeforeNode = state.lastNodeWasText ? state.lastTextLine : nil
            try checkCurrentNode()
            return true
        case 0 where state.errors.fatal == nil:
            return false
        default:
            throw failure()
        }
    }

    /// The kind of the current node.
    var nodeKind: NodeKind {
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

    /// The local name of the current node (without a namespace prefix).
    var localName: String {
        xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
    }

    /// The depth of the current node; the root element has depth 0.
    var depth: Int { Int(xmlTextReaderDepth(reader)) }

    /// True when the current element is written `<name/>` (no end tag follows).
    var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(reader) == 1 }

    /// The value of the current element's attribute `name`, if it has one.
    func attribute(_ name: String) -> String? {
        guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
        defer { bookrec_xmlFree(value) }
        return String(cString: value)
    }

    /// All attributes of the current element, in document order.
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

    /// The 1-based line of the current node, as libxml2 records it: where an
    /// element's start tag ends (its first line, for the usual one-line tag),
    /// where a text ends. Past line 65534 libxml2 keeps exact lines only for
    /// text, so an element there gets the line where the text before it ended
    /// (the line it starts on), or the last text line seen when none precedes it.
    var line: Int {
        guard let node = xmlTextReaderCurrentNode(reader) else { return parserLine }
        let nodeLine = Int(xmlGetLineNo(node))
        if nodeLine > 0, nodeLine < Int(UInt16.max) { return nodeLine }
        if nodeKind == .element, let lineBefore = state.textLineBeforeNode { return lineBefore }
        return max(state.lastTextLine, Int(UInt16.max))
    }

    /// Reads the text of the current element: its text and CDATA, and that of
    /// its descendants, concatenated; an unexpanded entity reference is kept as
    /// `&name;`. Leaves the reader on the element's end tag.
    /// - Throws: `IngestError.malformed` when the document breaks inside the
    ///   element or its text exceeds `maxTextLength`; `.cannotRead` on I/O errors.
    mutating func readElementText() throws(IngestError) -> String {
        guard nodeKind == .element, !isEmptyElement else { return "" }
        let name = localName
        let startDepth = depth
        let startLine = line
        var text = ""
        while try advance() {
            switch nodeKind {
            case .endElement where depth == startDepth: return text
            case .text: text += xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
            case .entityReference: text += "&\(localName);"
            case .element, .endElement, .other: continue
            }
            guard text.utf8.count <= Self.maxTextLength else {
                throw .malformed(
                    path: path, line: startLine, reason: "text of <\(name)> is longer than \(Self.maxTextLength) bytes")
            }
        }
        throw .malformed(path: path, line: startLine, reason: "document ends inside <\(name)>")
    }

    /// The line the parser has reached, which may be ahead of the current node.
    private var parserLine: Int { max(Int(xmlTextReaderGetParserLineNumber(reader)), 1) }

    private func checkCurrentNode() throws(IngestError) {
        state.lastNodeWasText = nodeKind == .text
        switch nodeKind {
        case .text:
            if let node = xmlTextReaderCurrentNode(reader) { state.lastTextLine = Int(xmlGetLineNo(node)) }
        case .element:
            if depth > Self.maxDepth {
                throw .malformed(path: path, line: line, reason: "elements are nested deeper than \(Self.maxDepth)")
            }
            if xmlTextReaderAttributeCount(reader) > Self.maxAttributes {
                throw .malformed(
                    path: path, line: line, reason: "<\(localName)> has more than \(Self.maxAttributes) attributes")
            }
            if depth == 0 { try refuseEntityDeclarations() }
        case .endElement, .entityReference, .other:
            break
        }
    }

    /// Throws when the internal DTD subset declares general or parameter
    /// entities; called on the root element, before any attribute is read.
    private func refuseEntityDeclarations() throws(IngestError) {
        guard let node = xmlTextReaderCurrentNode(reader), let dtd = node.pointee.doc?.pointee.intSubset else {
            return
        }
        let declared = [dtd.pointee.entities, dtd.pointee.pentities].reduce(Int32(0)) { count, table in
            count + (table.map { xmlHashSize(OpaquePointer($0)) } ?? 0)
        }
        if declared > 0 {
            throw .malformed(path: path, line: line, reason: "the DOCTYPE declares entities, which are not accepted")
        }
    }

    private func failure() -> IngestError {
        if state.readErrno != 0 {
            return .cannotRead(path: path, reason: String(cString: strerror(state.readErrno)))
        }
        return state.errors.malformed(path: path, fallbackLine: parserLine)
    }
}

/// What the libxml2 callbacks share with `XMLStreamReader`: the file and the
/// errors reported so far.
private final class XMLReaderState {
    let fd: Int32
    var readErrno: Int32 = 0
    var errors = XMLParseErrors()
    /// The line on which the last text node ended (exact with XML_PARSE_BIG_LINES).
    var lastTextLine = 0
    var lastNodeWasText = false
    /// `lastTextLine` when the node just before the current one was text.
    var textLineBeforeNode: Int?

    /// Bytes read from `fd` but not yet handed to libxml2: `pending[start..<end]`.
    let pending = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
    var start = 0
    var end = 0

    init(fd: Int32) {
        self.fd = fd
    }

    deinit {
        pending.deallocate()
    }
}

/// Installs, once per process, an external entity loader that loads nothing.
let libxml2SetUp: Void = {
    xmlInitParser()
    xmlSetExternalEntityLoader { _, _, _ in nil }
}()

/// libxml2's read callback: the next piece of the file, 0 at its end, -1 on
/// error. Pieces end at a line feed: libxml2's reader parses what it is given
/// before it hands out nodes, and a fatal error anywhere in a piece withholds
/// every node of that piece, so line-sized pieces keep every record on the
/// lines before a break.
private func readChunk(_ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int32)
    -> Int32
{
    guard let context, let buffer, length > 0 else { return -1 }
    let state = Unmanaged<XMLReaderState>.fromOpaque(context).takeUnretainedValue()
    while state.start == state.end {
        let count = read(state.fd, state.pending, 1 << 16)
        if count == 0 { return 0 }
        if count > 0 {
            state.start = 0
            state.end = count
        } else if errno != EINTR {
            state.readErrno = errno
            return -1
        }
    }
    let limit = min(state.end - state.start, Int(length))
    let from = state.pending + state.start
    let count = memchr(from, 0x0A, limit).map { $0.assumingMemoryBound(to: UInt8.self) - from + 1 } ?? limit
    UnsafeMutableRawPointer(buffer).copyMemory(from: from, byteCount: count)
    state.start += count
    return Int32(count)
}

/// libxml2's structured error callback.
private func recordError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let context, let error else { return }
    Unmanaged<XMLReaderState>.fromOpaque(context).takeUnretainedValue().errors.record(error)
}
