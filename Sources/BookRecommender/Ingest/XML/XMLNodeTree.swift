import CLibXML2
import Foundation

/// The nodes libxml2's tree builder would hold for the part of a document
/// parsed so far, made from `XMLEventParser`'s events the way libxml2's SAX2
/// handlers make them (text coalesced, lines as libxml2 numbers them), so
/// that `XMLStream` can walk them as `xmlTextReader` walked its tree. The
/// walk frees what it has passed, so the tree stays small.
///
/// libxml2's tree builder also enforces two limits of its own, which this
/// tree enforces in its place with libxml2's words: more than 256 open
/// elements, and a text node over 10 MB. Either ends the document for the
/// walk (`hasFailed`), as libxml2 stopped its parser there; the parse itself
/// goes on, for start-tag handlers, which never had the limits.
final class XMLNodeTree {
    enum Kind: UInt8 {
        case document, element, text, cdata, comment, processingInstruction, entityReference, documentType
    }

    struct Node {
        var kind: Kind
        var isEmpty = false
        var parent: Int32 = -1
        var next: Int32 = -1
        var previous: Int32 = -1
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        /// libxml2's `line` field: where the node was made, at most 65535; 0
        /// for the kinds libxml2 leaves unnumbered.
        var line = 0
        /// The exact line of a text node past line 65535 (libxml2's `psvi`).
        var bigLine = 0
        /// Attributes and namespace declarations of an element.
        var attributeCount = 0
    }

    /// What the walk needs of a node beyond its shape, kept when `keepsContent`.
    struct Content {
        /// An element's name as libxml2 names it (`prefix:name` for an
        /// undeclared prefix), a PI's target, an entity's or the DOCTYPE's name.
        var name = ""
        /// An element's qualified name, for its DTD's attribute defaults.
        var qualifiedName = ""
        /// Namespace declarations first (`namespaceCount` of them), then attributes.
        var attributes: [(name: String, value: String)] = []
        var namespaceCount = 0
        var text: [UInt8] = []
    }

    static let document: Int32 = 0
    private(set) var nodes = [Node(kind: .document)]
    private(set) var contents = [Content()]
    private var freeSlots: [Int32] = []
    /// The open elements, innermost last (libxml2's node stack).
    private var open: [Int32] = []
    /// Bytes in the text node libxml2 would append to (its `nodelen`).
    private var textLength = 0
    /// True once libxml2's tree builder would have stopped the parser.
    private(set) var hasFailed = false
    /// True when names, attributes and text are kept for every node; else
    /// only the names a message needs (the root, elements breaking a bound).
    let keepsContent: Bool

    init(keepsContent: Bool) {
        self.keepsContent = keepsContent
    }

    /// The innermost open element (libxml2's `ctxt->node`); -1 outside the root.
    var current: Int32 { open.last ?? -1 }
    /// How many elements are open (libxml2's `ctxt->nodeNr`).
    var openCount: Int { open.count }

    func startElement(_ tag: XMLStartTag, isEmpty: Bool, parser: XMLEventParser) {
        guard !hasFailed else { return }
        guard open.count <= XMLLimits.treeMaxOpenElements else {
            return fail(XMLLimits.treeTooDeep, isFatal: true, parser: parser)
        }
        let index = make(.element, line: min(tag.line, Int(UInt16.max)))
        nodes[Int(index)].isEmpty = isEmpty
        nodes[Int(index)].attributeCount = tag.namespaceCount + tag.attributeCount
        if keepsContent || tag.depth == 0 || nodes[Int(index)].attributeCount > XMLLimits.maxAttributes {
            contents[Int(index)].name = tag.treeName
            contents[Int(index)].qualifiedName = tag.qualifiedName
            if keepsContent {
                contents[Int(index)].attributes = tag.textAttributes()
                contents[Int(index)].namespaceCount = tag.namespaceCount
            }
        }
        append(index, to: open.last ?? Self.document)
        open.append(index)
    }

    func endElement() {
        guard !hasFailed else { return }
        _ = open.popLast()
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool, parser: XMLEventParser) {
        guard !hasFailed, let parent = open.last else { return }
        let kind: Kind = isCDATA ? .cdata : .text
        let last = nodes[Int(parent)].lastChild
        if last >= 0, nodes[Int(last)].kind == kind {
            guard textLength + bytes.count <= XMLLimits.treeMaxTextLength else {
                return fail(XMLLimits.treeTextTooLong, isFatal: false, parser: parser)
            }
            textLength += bytes.count
            if keepsContent { contents[Int(last)].text.append(contentsOf: bytes) }
            return
        }
        // libxml2 numbers text nodes (exactly past 65535), not CDATA sections.
        let line = parser.line
        let index = make(kind, line: isCDATA ? 0 : min(line, Int(UInt16.max)))
        if !isCDATA, line >= Int(UInt16.max) { nodes[Int(index)].bigLine = line }
        if keepsContent { contents[Int(index)].text = Array(bytes) }
        append(index, to: parent)
        textLength = bytes.count
    }

    /// A comment, processing instruction, entity reference or DOCTYPE.
    func node(_ kind: Kind, name: UnsafePointer<UInt8>?, parser: XMLEventParser) {
        guard !hasFailed else { return }
        var parent = open.last ?? Self.document
        switch kind {
        case .comment, .processingInstruction:
            // Inside the DTD they belong to it, which the walk never enters.
            guard parser.context.pointee.inSubset == 0 else { return }
        case .entityReference:
            guard parent != Self.document else { return }
        case .documentType:
            parent = Self.document
        default:
            return
        }
        let numbered = kind == .comment || kind == .processingInstruction
        let index = make(kind, line: numbered ? min(parser.line, Int(UInt16.max)) : 0)
        if keepsContent, let name { contents[Int(index)].name = String(cString: name) }
        append(index, to: parent)
    }

    /// The line libxml2's `xmlGetLineNo` gives `index`: its own, else (past
    /// 65535, or for kinds libxml2 leaves unnumbered) a neighbour's; -1 for none.
    func libxml2Line(of index: Int32, depth: Int = 0) -> Int {
        guard depth < 5, index >= 0 else { return -1 }
        let node = nodes[Int(index)]
        switch node.kind {
        case .element, .text, .comment, .processingInstruction:
            var result = -1
            if node.line == Int(UInt16.max) {
                if node.kind == .text, node.bigLine != 0 {
                    result = node.bigLine
                } else if node.kind == .element, node.firstChild >= 0 {
                    result = libxml2Line(of: node.firstChild, depth: depth + 1)
                } else if node.next >= 0 {
                    result = libxml2Line(of: node.next, depth: depth + 1)
                } else if node.previous >= 0 {
                    result = libxml2Line(of: node.previous, depth: depth + 1)
                }
            }
            return result == -1 || result == Int(UInt16.max) ? node.line : result
        default:
            if node.previous >= 0, Self.isNumbered(nodes[Int(node.previous)].kind) {
                return libxml2Line(of: node.previous, depth: depth + 1)
            }
            if node.parent >= 0, nodes[Int(node.parent)].kind == .element {
                return libxml2Line(of: node.parent, depth: depth + 1)
            }
            return -1
        }
    }

    /// True for the kinds libxml2 numbers itself.
    private static func isNumbered(_ kind: Kind) -> Bool {
        kind == .element || kind == .text || kind == .comment || kind == .processingInstruction
    }

    /// Unlinks `index` from its parent and siblings and frees it with
    /// everything below it, as the walk frees what it has passed.
    func remove(_ index: Int32) {
        let node = nodes[Int(index)]
        if node.previous >= 0 { nodes[Int(node.previous)].next = node.next }
        if node.next >= 0 { nodes[Int(node.next)].previous = node.previous }
        if node.parent >= 0 {
            if nodes[Int(node.parent)].firstChild == index { nodes[Int(node.parent)].firstChild = node.next }
            if nodes[Int(node.parent)].lastChild == index { nodes[Int(node.parent)].lastChild = node.previous }
        }
        guard node.firstChild >= 0 else { return recycle(index) }
        var pending = [index]
        while let slot = pending.popLast() {
            var child = nodes[Int(slot)].firstChild
            while child >= 0 {
                pending.append(child)
                child = nodes[Int(child)].next
            }
            recycle(slot)
        }
    }

    private func recycle(_ slot: Int32) {
        nodes[Int(slot)] = Node(kind: .document)
        if keepsContent || !contents[Int(slot)].name.isEmpty { contents[Int(slot)] = Content() }
        freeSlots.append(slot)
    }

    private func make(_ kind: Kind, line: Int) -> Int32 {
        let node = Node(kind: kind, line: line)
        if let slot = freeSlots.popLast() {
            nodes[Int(slot)] = node
            return slot
        }
        nodes.append(node)
        contents.append(Content())
        return Int32(nodes.count - 1)
    }

    private func append(_ index: Int32, to parent: Int32) {
        nodes[Int(index)].parent = parent
        let last = nodes[Int(parent)].lastChild
        nodes[Int(index)].previous = last
        if last >= 0 { nodes[Int(last)].next = index } else { nodes[Int(parent)].firstChild = index }
        nodes[Int(parent)].lastChild = index
    }

    /// What libxml2's tree builder did on reaching one of its limits: raise
    /// the error and stop the parser (here: the walk, and libxml2's reporting).
    private func fail(_ message: String, isFatal: Bool, parser: XMLEventParser) {
        parser.errors.record(line: parser.line, message: message, isFatal: isFatal)
        parser.errors.isClosed = true
        hasFailed = true
    }
}
