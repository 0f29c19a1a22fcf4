import CLibXML2
import Foundation

/// libxml2's SAX2 push parser over bytes the caller pushes, reporting each
/// start tag to `onStartTag` as pointers into libxml2's buffers: no tree, no
/// node objects, no `String` unless the handler makes one.
///
/// The parser is locked down as `XMLStreamReader` is (`XML_PARSE_NONET`, no
/// entity substitution, no DTD loading or defaulting, libxml2's size limits,
/// the process-wide loader that loads nothing), with the same nesting and
/// attribute bounds. It does not refuse entity declarations itself: callers
/// first read the document's prolog with `XMLStreamReader`, which does.
///
/// Start tags are reported as soon as libxml2 has parsed them, so when a
/// document breaks, every element before the break has been reported, and
/// none after it (see `isStopped`).
final class XMLPushParser {
    /// Called for each start tag while libxml2 parses it, with the parser;
    /// false stops the parser (without an error).
    typealias StartTagHandler = (XMLStartTag, XMLPushParser) -> Bool

    let path: String
    /// Element depth: 0 outside the root, 1 inside it.
    private(set) var depth = 0
    /// The errors libxml2 reported.
    private(set) var errors = XMLParseErrors()
    /// The bound that was broken, when one stopped the parser.
    private(set) var stopError: IngestError?
    /// True once the handler stopped the parser.
    private(set) var handlerStopped = false
    /// How many bytes were pushed.
    private(set) var bytesPushed = 0
    private let context: xmlParserCtxtPtr
    private let onStartTag: StartTagHandler

    /// A parser for a document read from `path` (used in messages).
    /// - Throws: `IngestError.cannotRead` when libxml2 cannot make a parser.
    init(path: String, onStartTag: @escaping StartTagHandler) throws(IngestError) {
        _ = libxml2SetUp
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = pushParserStartElement
        handler.endElementNs = pushParserEndElement
        handler.serror = pushParserError
        guard let context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, path) else {
            throw .cannotRead(path: path, reason: "libxml2 cannot create a parser")
        }
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue))
        self.path = path
        self.context = context
        self.onStartTag = onStartTag
        context.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        xmlFreeParserCtxt(context)
    }

    /// True once the document broke (libxml2 found it not well-formed) or a
    /// bound or the handler stopped it: nothing more is reported.
    var isStopped: Bool { stopError != nil || handlerStopped || context.pointee.wellFormed == 0 }

    /// Parses `bytes`, the next part of the document; `isLast` ends it, so
    /// that a document still open is an error.
    /// - Returns: false once the parser is stopped.
    @discardableResult
    func push(_ bytes: UnsafeRawBufferPointer, isLast: Bool = false) -> Bool {
        guard !isStopped else { return false }
        bytesPushed += bytes.count
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        if xmlParseChunk(context, base, Int32(bytes.count), isLast ? 1 : 0) != 0 {
            // As xmlTextReader does: any error code ends the document. A
            // decoder failure halts libxml2 without marking the document broken.
            context.pointee.wellFormed = 0
        }
        return !isStopped
    }

    /// `push(_:isLast:)` for the bytes of an array.
    @discardableResult
    func push(_ bytes: [UInt8], isLast: Bool = false) -> Bool {
        bytes.withUnsafeBytes { push($0, isLast: isLast) }
    }

    /// The line libxml2 has reached (1-based), exact however long the document.
    var line: Int { context.pointee.input.map { Int($0.pointee.line) } ?? 1 }

    /// Counts the line libxml2 has reached as `line` from here on: after a
    /// document's head, the line a piece of the file starts on. libxml2 then
    /// counts lines, in nodes and in messages ("tag mismatch: b line 3"), as
    /// if the piece had followed the head in the file.
    func countLines(from line: Int) {
        context.pointee.input?.pointee.line = Int32(clamping: line)
    }

    /// During a start tag callback, the offset in the pushed bytes just past
    /// the tag's `>` or `/>`; nil when libxml2 is not at the tag's end.
    /// Meaningful only for input read as it is (see `readsBytesAsTheyAre`).
    var offsetPastTag: Int? {
        guard let input = context.pointee.input, let base = input.pointee.base, let current = input.pointee.cur else {
            return nil
        }
        let offset = Int(input.pointee.consumed) + (current - base)
        switch (current[0], current[0] == UInt8(ascii: "/") ? current[1] : 0) {
        case (UInt8(ascii: ">"), _): return offset + 1
        case (UInt8(ascii: "/"), UInt8(ascii: ">")): return offset + 2
        default: return nil
        }
    }

    /// True when libxml2 reads the bytes as they are (UTF-8 or ASCII), not
    /// through a decoder, so byte offsets and line feeds in the file are its own.
    var readsBytesAsTheyAre: Bool {
        context.pointee.input?.pointee.buf?.pointee.encoder == nil
    }

    /// Why the document broke, as `XMLStreamReader` would say it; nil when it
    /// did not (though the handler may have stopped the parser).
    var failure: IngestError? {
        if let stopError { return stopError }
        guard context.pointee.wellFormed == 0 else { return nil }
        return errors.malformed(path: path, fallbackLine: line)
    }

    fileprivate func startElement(_ tag: XMLStartTag) {
        depth += 1
        guard !isStopped else { return }
        var problem: IngestError?
        if tag.depth > XMLStreamReader.maxDepth {
            problem = .malformed(
                path: path, line: tag.line, reason: "elements are nested deeper than \(XMLStreamReader.maxDepth)")
        } else if tag.namespaceCount + tag.attributeCount > XMLStreamReader.maxAttributes {
            problem = .malformed(
                path: path, line: tag.line,
                reason: "<\(tag.localNameText)> has more than \(XMLStreamReader.maxAttributes) attributes")
        } else if !onStartTag(tag, self) {
            handlerStopped = true
        }
        if let problem { stopError = problem }
        if isStopped { xmlStopParser(context) }
    }

    fileprivate func endElement() {
        depth -= 1
    }

    fileprivate func record(_ error: xmlErrorPtr) {
        errors.record(error)
    }
}

private func pushParser(_ context: UnsafeMutableRawPointer?) -> XMLPushParser? {
    context.map { Unmanaged<XMLPushParser>.fromOpaque($0).takeUnretainedValue() }
}

private func pushParserStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32,
    _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ attributeCount: Int32, _ defaultedCount: Int32,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    guard let parser = pushParser(context), let localName else { return }
    // Attributes defaulted from an ATTLIST declaration come last; like
    // libxml2's own tree builder without XML_PARSE_DTDATTR, leave them out.
    parser.startElement(
        XMLStartTag(
            localName: localName, prefix: prefix, namespaceURI: uri, namespaceCount: Int(namespaceCount),
            namespaces: UnsafePointer(namespaces), attributeCount: Int(attributeCount - defaultedCount),
            attributes: UnsafePointer(attributes), depth: parser.depth, line: parser.line))
}

private func pushParserEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    pushParser(context)?.endElement()
}

private func pushParserError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let error else { return }
    pushParser(context)?.record(error)
}
