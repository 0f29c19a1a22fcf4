import CLibXML2
import Foundation

/// A forward-only cursor over the nodes of one XML file, on `XMLEventParser`
/// fed by `XMLLineFeeder`: libxml2 parses the file a line at a time, once,
/// and the cursor walks the nodes as libxml2's `xmlTextReader` walked its
/// tree (`XMLNodeTree`), so it hands out what bookrec's earlier parser on
/// `xmlTextReader` handed out. When the document breaks, every node on the
/// lines before the break has been handed out, and the error (with libxml2's
/// words and line) is thrown; nothing is read twice.
///
/// Every document is read under `XMLLimits` and `XMLEventParser`'s locked-down
/// options. A document whose DTD declares entities is refused at its root
/// (no supported format uses them; they carry XXE and "billion laughs"
/// attacks); nesting deeper than `XMLLimits.maxDepth` and elements with more
/// than `XMLLimits.maxAttributes` attributes are refused when met.
///
/// A start-tag handler (`onStartTag`) hears of every start tag as libxml2
/// parses it, before the break too, while the walk checks the document.
struct XMLStream: ~Copyable {
    /// The kinds of node the XML formats tell apart.
    enum NodeKind: Equatable {
        case element, endElement, text, entityReference, other
    }

    /// Where a stream starts part-way through a file, after its head (see
    /// `XMLDocumentHead`): at byte `start`, with `lineFeedsBefore` line feeds
    /// before it and `endTags` found before it.
    struct Resumption {
        var head: XMLDocumentHead
        var start: Int
        var lineFeedsBefore: Int
        var endTags: XMLEndTags
    }

    /// The path being read, for messages.
    let path: String
    let feeder: XMLLineFeeder
    let parser: XMLEventParser
    let tree: XMLNodeTree
    /// The walk's position, as `xmlTextReader` kept it.
    var node: Int32 = -1
    var state = WalkState.start
    var walkDepth = 0
    /// The line of the last text node handed out, whether the last node was
    /// text, and that line when the node before the current one was text.
    private var lastTextLine = 0
    private var lastNodeWasText = false
    private var textLineBeforeNode: Int?
    /// The root element's name once handed out, and whether it has ended.
    private var root: (name: String, closed: Bool)?

    /// Opens `path`; nothing is parsed yet. `keepsContent` false keeps only
    /// what the checks need (for a start-tag handler); `resuming` starts
    /// after a document's head.
    /// - Throws: `IngestError.cannotRead` when the file cannot be opened.
    init(
        path: String, keepsContent: Bool = true, resuming: Resumption? = nil,
        onStartTag: XMLEventParser.StartTagHandler? = nil
    ) throws(IngestError) {
        let feeder = try XMLLineFeeder(
            path: path, from: resuming?.start ?? 0, lineFeedsBefore: resuming?.lineFeedsBefore ?? 0)
        let tree = XMLNodeTree(keepsContent: keepsContent)
        let parser = try XMLEventParser(
            path: path, firstBytes: resuming == nil ? feeder.firstBytes() : nil, tree: tree, onStartTag: onStartTag)
        if let resuming {
            feeder.endTags.merge(resuming.endTags)
            feeder.endTags.setRoot(Array(resuming.head.rootName.utf8))
            parser.push(resuming.head.bytes)
            parser.countLines(from: resuming.lineFeedsBefore + 1)
        }
        self.path = path
        self.feeder = feeder
        self.tree = tree
        self.parser = parser
        // A stream resuming after the head met the root (which the head holds) long before.
        root = resuming.map { (name: $0.head.rootName, closed: false) }
    }

    /// Moves to the next node in document order.
    /// - Returns: false at the end of the document.
    /// - Throws: `IngestError.malformed` (with libxml2's line) when the
    ///   document is not well-formed, is truncated, declares entities or
    ///   breaks a bound; `.cannotRead` when reading fails.
    mutating func advance() throws(IngestError) -> Bool {
        switch read() {
        case 1:
            textLineBeforeNode = lastNodeWasText ? lastTextLine : nil
            try checkCurrentNode()
            return true
        case 0 where parser.errors.fatal == nil:
            return false
        default:
            throw failure()
        }
    }

    /// Bytes read from the file so far.
    var bytesRead: Int { feeder.bytesHandedOut }

    /// The kind of the current node.
    var nodeKind: NodeKind {
        guard node >= 0 else { return .other }
        switch tree.nodes[Int(node)].kind {
        case .element: return state == .end || state == .backtrack ? .endElement : .element
        case .text, .cdata: return .text
        case .entityReference: return .entityReference
        case .document, .comment, .processingInstruction, .documentType: return .other
        }
    }

    /// The local name of the current node (without a namespace prefix);
    /// `#text` and the like for nodes without a name.
    var localName: String {
        guard node >= 0 else { return "" }
        switch tree.nodes[Int(node)].kind {
        case .element, .processingInstruction, .entityReference, .documentType:
            return tree.contents[Int(node)].name
        case .text: return "#text"
        case .cdata: return "#cdata-section"
        case .comment: return "#comment"
        case .document: return "#document"
        }
    }

    /// The depth of the current node; the root element has depth 0.
    var depth: Int { node >= 0 ? walkDepth : 0 }

    /// True when the current element is written `<name/>` (no end tag follows).
    var isEmptyElement: Bool {
        guard node >= 0 else { return false }
        let current = tree.nodes[Int(node)]
        return current.kind == .element && current.firstChild < 0 && state != .end && current.isEmpty
    }

    /// The 1-based line of the current node, as libxml2 numbered it: where
    /// an element's start tag ends, where a text's first part ended. Past line
    /// 65534 libxml2 keeps exact lines only for text, so an element there gets
    /// the line where the text before it ended (the line it starts on), or the
    /// last text line seen when none precedes it.
    var line: Int {
        guard node >= 0 else { return parserLine }
        let nodeLine = tree.libxml2Line(of: node)
        if nodeLine > 0, nodeLine < Int(UInt16.max) { return nodeLine }
        if nodeKind == .element, let textLineBeforeNode { return textLineBeforeNode }
        return max(lastTextLine, Int(UInt16.max))
    }

    /// Reads on to the end of the file for the start-tag handler, once
    /// the walk has ended before libxml2 stopped parsing, calling `afterEach`
    /// after each read; stops when it returns false.
    /// - Throws: `IngestError.cannotRead` when a read fails.
    func parseRest(afterEach: () -> Bool) throws(IngestError) {
        try feeder.pushRest(to: parser, afterEach: afterEach)
    }

    /// The line libxml2 has reached, which may be ahead of the current node.
    private var parserLine: Int { max(parser.line, 1) }

    private mutating func checkCurrentNode() throws(IngestError) {
        lastNodeWasText = nodeKind == .text
        switch nodeKind {
        case .text:
            lastTextLine = tree.libxml2Line(of: node)
        case .element:
            if depth > XMLLimits.maxDepth {
                throw .malformed(path: path, line: line, reason: XMLLimits.nestedTooDeep)
            }
            if tree.nodes[Int(node)].attributeCount > XMLLimits.maxAttributes {
                throw .malformed(path: path, line: line, reason: XMLLimits.tooManyAttributes(on: localName))
            }
            if depth == 0 {
                root = (name: localName, closed: isEmptyElement)
                feeder.endTags.setRoot(Array(localName.utf8))
                try refuseEntityDeclarations()
            }
        case .endElement:
            if depth == 0 { root?.closed = true }
        case .entityReference, .other:
            break
        }
    }

    /// Throws when the internal DTD subset declares general or parameter
    /// entities; called on the root element, before any attribute is read.
    private func refuseEntityDeclarations() throws(IngestError) {
        guard let subset = parser.context.pointee.myDoc?.pointee.intSubset else { return }
        let declared = [subset.pointee.entities, subset.pointee.pentities].reduce(Int32(0)) { count, table in
            count + (table.map { xmlHashSize(OpaquePointer($0)) } ?? 0)
        }
        if declared > 0 { throw .malformed(path: path, line: line, reason: XMLLimits.entitiesDeclared) }
    }

    /// Why the walk stopped: a failed read, else libxml2's error, said
    /// plainly when the document stops on its last line with its root open.
    private func failure() -> IngestError {
        if feeder.readErrno != 0 { return .cannotRead(path: path, reason: String(cString: strerror(feeder.readErrno))) }
        let error = parser.errors.malformed(path: path, fallbackLine: parserLine)
        guard let root, !root.closed, case .malformed(_, let line, let reason) = error,
            feeder.onlyBlanks(afterLine: line), !feeder.endTags.holdsRoot
        else { return error }
        return .malformed(path: path, line: line, reason: XMLLimits.cutShort(root: root.name, libxml2: reason))
    }
}
