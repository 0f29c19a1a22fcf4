import CLibXML2
import Foundation

/// libxml2's SAX2 push parser, the one libxml2 parser bookrec uses, for every
/// XML format: the caller pushes the document's bytes and the parser reports
/// what it parses as it goes, start tags as pointers into libxml2's buffers
/// (no `String` unless a handler makes one).
///
/// Locked down in one place: no network (`XML_PARSE_NONET`), no entity
/// substitution, no DTD loading, defaulting or validation, libxml2's default
/// size limits (no `XML_PARSE_HUGE`), and the process-wide entity loader
/// that loads nothing. The options, the handlers libxml2 keeps (its SAX2
/// defaults for the document and the DTD, so that entity declarations are
/// recorded where `XMLStream` checks them) and the first four bytes being
/// given at creation are those of libxml2's `xmlTextReader`, so libxml2 words
/// every error as it did for bookrec's earlier parser. Bounds are not
/// enforced here: `XMLStream` checks the nodes it hands out, and a start-tag
/// handler stops at the first tag that breaks one (`brokenBound`).
final class XMLEventParser {
    /// Called for each start tag of the document while libxml2 parses it,
    /// with the parser; false stops the parser (without an error).
    typealias StartTagHandler = (XMLStartTag, XMLEventParser) -> Bool

    let path: String
    let context: xmlParserCtxtPtr
    /// What libxml2 reported.
    var errors = XMLParseErrors()
    // The state libxml2's callbacks touch for every tag is kept out of Swift's
    // run-time exclusivity checks: only those callbacks reach it, one at a time.
    /// Open elements: 0 outside the root, 1 inside it.
    @exclusivity(unchecked) private(set) var depth = 0
    /// Set whenever a start tag is parsed (in entity content too), as
    /// `xmlTextReader`'s state was: it ends a group of pushes (see `XMLLineFeeder`).
    @exclusivity(unchecked) var elementStarted = false
    /// The nodes libxml2's tree builder would hold, for `XMLStream`.
    let tree: XMLNodeTree?
    let onStartTag: StartTagHandler?
    /// End tag names met in markup (end tags, comments, CDATA, processing
    /// instructions), when the caller collects them (see `XMLEndTags`).
    @exclusivity(unchecked) var endTags: XMLEndTags?
    /// The first start tag that broke a bound, once `onStartTag` is set:
    /// the handler hears of no tag from there on.
    @exclusivity(unchecked) private(set) var brokenBound: IngestError?
    @exclusivity(unchecked) private(set) var handlerStopped = false
    /// Bytes pushed so far.
    private(set) var bytesPushed = 0

    /// A parser for the document at `path` (named in messages), given its
    /// first four bytes as `xmlTextReader` gave them (nil: none yet).
    /// `reportsText` false spares a start-tag handler a call for every
    /// run of blanks between them.
    /// - Throws: `IngestError.cannotRead` when libxml2 cannot make a parser.
    init(
        path: String, firstBytes: [UInt8]? = nil, tree: XMLNodeTree? = nil, reportsText: Bool = true,
        onStartTag: StartTagHandler? = nil
    ) throws(IngestError) {
        _ = libxml2SetUp
        var handler = xmlSAXHandler()
        xmlSAXVersion(&handler, 2)
        XMLEventParser.install(into: &handler, reportsText: reportsText)
        let created = firstBytes.map { bytes in
            bytes.withUnsafeBytes { raw in
                xmlCreatePushParserCtxt(
                    &handler, nil, raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), path)
            }
        }
        guard let context = created ?? xmlCreatePushParserCtxt(&handler, nil, nil, 0, path) else {
            throw .cannotRead(path: path, reason: "libxml2 cannot create a parser")
        }
        context.pointee.linenumbers = 1
        context.pointee.parseMode = XML_PARSE_READER
        let options = XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_COMPACT.rawValue
        xmlCtxtUseOptions(context, Int32(options))
        self.path = path
        self.context = context
        self.tree = tree
        self.onStartTag = onStartTag
        bytesPushed = firstBytes?.count ?? 0
        context.pointee._private = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        if let document = context.pointee.myDoc { xmlFreeDoc(document) }
        context.pointee.myDoc = nil
        xmlFreeParserCtxt(context)
    }

    /// True once libxml2 marked the document broken.
    var isBroken: Bool { context.pointee.wellFormed == 0 }

    /// True once the document broke, a bound was broken or the handler
    /// stopped the parser: no more start tags are reported.
    var isStopped: Bool { isBroken || brokenBound != nil || handlerStopped }

    /// True once libxml2 has finished with the document.
    var isAtEnd: Bool { context.pointee.instate == XML_PARSER_EOF }

    /// Parses `bytes`, the next part of the document; `isLast` ends it, so
    /// that a document still open is an error. As `xmlTextReader` did, any
    /// error code libxml2 returns marks the document broken (a decoder failure
    /// halts libxml2 without doing so).
    /// - Returns: libxml2's code, 0 when it parsed without error.
    @discardableResult
    func push(_ bytes: UnsafeRawBufferPointer, isLast: Bool = false) -> Int32 {
        bytesPushed += bytes.count
        let code = xmlParseChunk(
            context, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), isLast ? 1 : 0)
        if code != 0 { context.pointee.wellFormed = 0 }
        return code
    }

    /// `push(_:isLast:)` for the bytes of an array.
    @discardableResult
    func push(_ bytes: [UInt8], isLast: Bool = false) -> Int32 {
        bytes.withUnsafeBytes { push($0, isLast: isLast) }
    }

    /// The line libxml2 has reached (1-based), exact however long the document.
    var line: Int { context.pointee.input.map { Int($0.pointee.line) } ?? 1 }

    /// Counts the line libxml2 has reached as `line` from here on: after a
    /// document's head, the line a piece of the file starts on. libxml2 then
    /// counts lines, in nodes and in messages, as if the piece had followed
    /// the head in the file.
    func countLines(from line: Int) {
        context.pointee.input?.pointee.line = Int32(clamping: line)
    }

    /// During a start tag callback, the offset in the pushed bytes just past
    /// the tag's `>` or `/>`; nil when libxml2 is not at the tag's end.
    /// Meaningful only for input read as it is (see `readsBytesAsTheyAre`).
    var offsetPastTag: Int? {
        guard let current = context.pointee.input?.pointee.cur else { return nil }
        let offset = parsedOffset
        switch (current[0], current[0] == UInt8(ascii: "/") ? current[1] : 0) {
        case (UInt8(ascii: ">"), _): return offset + 1
        case (UInt8(ascii: "/"), UInt8(ascii: ">")): return offset + 2
        default: return nil
        }
    }

    /// How far libxml2 has parsed, in the bytes pushed: where the text it
    /// holds back (until the next `<`) starts. Meaningful only for input read
    /// as it is (see `readsBytesAsTheyAre`).
    var parsedOffset: Int {
        guard let input = context.pointee.input, let base = input.pointee.base, let current = input.pointee.cur else {
            return 0
        }
        return Int(input.pointee.consumed) + (current - base)
    }

    /// True when libxml2 reads the bytes as they are (UTF-8 or ASCII), not
    /// through a decoder, so byte offsets and line feeds in the file are its own.
    var readsBytesAsTheyAre: Bool {
        context.pointee.input?.pointee.buf?.pointee.encoder == nil
    }

    /// Why the document broke, with libxml2's words; the bound a start tag
    /// broke; nil when neither happened.
    var failure: IngestError? {
        if let brokenBound { return brokenBound }
        return isBroken ? errors.malformed(path: path, fallbackLine: line) : nil
    }

    /// A start tag of the document, at `depth` (0 for the root).
    func startElement(_ tag: XMLStartTag, isEmpty: Bool) {
        depth += 1
        tree?.startElement(tag, isEmpty: isEmpty, parser: self)
        guard let onStartTag, brokenBound == nil, !handlerStopped else { return }
        if tag.depth > XMLLimits.maxDepth {
            brokenBound = .malformed(path: path, line: tag.line, reason: XMLLimits.nestedTooDeep)
        } else if tag.namespaceCount + tag.attributeCount > XMLLimits.maxAttributes {
            brokenBound = .malformed(
                path: path, line: tag.line, reason: XMLLimits.tooManyAttributes(on: tag.localNameText))
        } else if !onStartTag(tag, self) {
            handlerStopped = true
            xmlStopParser(context)
        }
    }

    /// An end tag of the document (also after an empty element's start tag).
    func endElement(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) {
        depth -= 1
        endTags?.add(localName: localName, prefix: prefix)
        tree?.endElement()
    }

    /// Character data of the document (CDATA when `isCDATA`).
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, isCDATA: Bool) {
        if isCDATA { endTags?.scanContent(bytes) }
        tree?.characters(bytes, isCDATA: isCDATA, parser: self)
    }

    /// Any other node of the document: a comment, a processing instruction
    /// (with its target), an entity reference (with its name) or the DOCTYPE.
    func node(_ kind: XMLNodeTree.Kind, name: UnsafePointer<UInt8>?, content: UnsafePointer<UInt8>?) {
        if kind == .comment || kind == .processingInstruction, let content {
            endTags?.scanContent(UnsafeBufferPointer(start: content, count: strlen(content)))
        }
        tree?.node(kind, name: name, parser: self)
    }
}

/// Installs, once per process, an external entity loader that loads nothing.
let libxml2SetUp: Void = {
    xmlInitParser()
    xmlSetExternalEntityLoader { _, _, _ in nil }
}()
