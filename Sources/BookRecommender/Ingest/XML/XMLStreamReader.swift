import CLibXML2
import Foundation

/// A forward-only cursor over one XML file, on libxml2's `xmlTextReader`.
///
/// The file is read through a file descriptor in pieces of a few kilobytes,
/// so memory stays flat however large the document. libxml2's reader parses
/// a piece before it hands out its nodes, and a fatal error anywhere in a
/// piece withholds every node of that piece; so when the document breaks, a
/// regular file is read again from its start a line at a time by a new
/// reader, which hands out the nodes already seen again (skipped here) and
/// then those on the lines before the break, before it reports the break.
/// The nodes handed out and the error are thus those of a reader fed a line
/// at a time throughout, at the cost of a second pass over a broken file. A
/// pipe is read a line at a time from the start. The parser is locked down: no network
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
    private let fd: Int32
    private var reader: xmlTextReaderPtr
    private var state: XMLReaderState
    /// Nodes handed out so far.
    private var nodes = 0

    /// Opens `path` for reading; nothing is parsed yet. `byLine` feeds
    /// libxml2 a line at a time from the start, as a pipe is read: one pass
    /// to a break, where finding the break in pieces costs two.
    /// - Throws: `IngestError.cannotRead` when the file cannot be opened.
    init(path: String, byLine: Bool = false) throws(IngestError) {
        _ = libxml2SetUp
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        let regular = fstat(fd, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        do throws(IngestError) {
            (reader, state) = try XMLReaderState.reader(path: path, fd: fd, byLine: byLine || !regular)
        } catch {
            close(fd)
            throw error
        }
        self.path = path
        self.fd = fd
    }

    deinit {
        xmlFreeTextReader(reader)
        close(fd)
    }

    /// Moves to the next node in document order.
    /// - Returns: false at the end of the document.
    /// - Throws: `IngestError.malformed` (with the line libxml2 reports) when the
    ///   document is not well-formed, is truncated, declares entities or breaks
    ///   the depth or attribute bounds; `.cannotRead` when reading fails.
    mutating func advance() throws(IngestError) -> Bool {
        switch try step() {
        case 1:
            nodes += 1
            return true
        case 0 where state.errors.fatal == nil:
            return false
        default:
            guard !state.byLine, state.readErrno == 0 else { throw failure() }
            try readAgainByLine()
            return try advance()
        }
    }

    /// Moves to the next node and checks it: `xmlTextReaderRead`'s 1 (a node),
    /// 0 (the end) or -1 (libxml2 failed).
    /// - Throws: `IngestError.malformed` when the node breaks a bound.
    private func step() throws(IngestError) -> Int32 {
        let status = xmlTextReaderRead(reader)
        guard status == 1 else { return status }
        // Text between tags ends on the line where the next tag begins.
        state.textLineBeforeNode = state.lastNodeWasText ? state.lastTextLine : nil
        try checkCurrentNode()
        return status
    }

    /// Replaces the reader by one fed a line at a time from the file's start,
    /// moved past the nodes already handed out.
    /// - Throws: `IngestError.cannotRead` when the file cannot be read again;
    ///   the new reader's error when it breaks before reaching them.
    private mutating func readAgainByLine() throws(IngestError) {
        guard lseek(fd, 0, SEEK_SET) == 0 else {
            throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        let (lineReader, lineState) = try XMLReaderState.reader(path: path, fd: fd, byLine: true)
        xmlFreeTextReader(reader)
        (reader, state) = (lineReader, lineState)
        for _ in 0..<nodes where try step() != 1 {
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
            if depth == 0 {
                state.root = (name: localName, closed: isEmptyElement)
                try refuseEntityDeclarations()
            }
        case .endElement:
            if depth == 0 { state.root?.closed = true }
        case .entityReference, .other:
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
        let error = state.errors.malformed(path: path, fallbackLine: parserLine)
        guard let root = state.root, !root.closed, case .malformed(_, let line, let reason) = error,
            CutShortXML.endsInside(root.name, path, afterLine: line)
        else { return error }
        return .malformed(path: path, line: line, reason: CutShortXML.reason(root: root.name, libxml2: reason))
    }
}
