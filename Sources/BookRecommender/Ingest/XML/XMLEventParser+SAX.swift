import CLibXML2
import Foundation

extension XMLEventParser {
    /// Puts bookrec's handlers into `handler` (libxml2's SAX2 defaults):
    /// the nodes of the document go to the parser, errors to `errors`; the
    /// document, the DTD, entity lookup and loading stay libxml2's own.
    /// Comments are always handled, as `xmlTextReader` handled them, because
    /// libxml2 words an error inside a comment by whether they are; text only
    /// when `reportsText`.
    static func install(into handler: inout xmlSAXHandler, reportsText: Bool) {
        handler.startElementNs = saxStartElement
        handler.endElementNs = saxEndElement
        handler.characters = reportsText ? saxCharacters : nil
        handler.ignorableWhitespace = reportsText ? saxCharacters : nil
        handler.cdataBlock = saxCDATA
        handler.comment = saxComment
        handler.processingInstruction = saxProcessingInstruction
        handler.reference = saxReference
        handler.internalSubset = saxInternalSubset
        handler.serror = saxError
    }
}

/// Calls `body` with the parser a callback is for and whether the callback is
/// about the document itself rather than the content of an entity libxml2
/// parses aside (its sub-parsers share the handlers and the parser, through
/// `_private`). The parser outlives its callbacks, so it is not retained.
@inline(__always)
private func withOwner(_ context: UnsafeMutableRawPointer?, _ body: (XMLEventParser, Bool) -> Void) {
    guard let context else { return }
    let parserContext = context.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let owner = parserContext.pointee._private else { return }
    Unmanaged<XMLEventParser>.fromOpaque(owner)._withUnsafeGuaranteedRef { body($0, $0.context == parserContext) }
}

private func saxStartElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int32,
    _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ attributeCount: Int32, _ defaultedCount: Int32,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
) {
    withOwner(context) { parser, isDocument in
        parser.elementStarted = true
        guard isDocument, let localName else { return }
        let current = parser.context.pointee.input?.pointee.cur
        let isEmpty = current.map { $0[0] == UInt8(ascii: "/") && $0[1] == UInt8(ascii: ">") } ?? false
        // Attributes defaulted from an ATTLIST declaration come last; like
        // libxml2's own tree builder without XML_PARSE_DTDATTR, leave them out.
        parser.startElement(
            XMLStartTag(
                localName: localName, prefix: prefix, namespaceURI: uri, namespaceCount: Int(namespaceCount),
                namespaces: UnsafePointer(namespaces), attributeCount: Int(attributeCount - defaultedCount),
                attributes: UnsafePointer(attributes), depth: parser.depth, line: parser.line),
            isEmpty: isEmpty)
    }
}

private func saxEndElement(
    _ context: UnsafeMutableRawPointer?, _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
) {
    withOwner(context) { parser, isDocument in
        guard isDocument, let localName else { return }
        parser.endElement(localName: localName, prefix: prefix)
    }
}

private func saxCharacters(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
    withOwner(context) { parser, isDocument in
        guard isDocument, let bytes else { return }
        parser.characters(UnsafeBufferPointer(start: bytes, count: Int(count)), isCDATA: false)
    }
}

private func saxCDATA(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
    withOwner(context) { parser, isDocument in
        guard isDocument, let bytes else { return }
        parser.characters(UnsafeBufferPointer(start: bytes, count: Int(count)), isCDATA: true)
    }
}

private func saxComment(_ context: UnsafeMutableRawPointer?, _ value: UnsafePointer<xmlChar>?) {
    withOwner(context) { parser, isDocument in
        if isDocument { parser.node(.comment, name: nil, content: value) }
    }
}

private func saxProcessingInstruction(
    _ context: UnsafeMutableRawPointer?, _ target: UnsafePointer<xmlChar>?, _ data: UnsafePointer<xmlChar>?
) {
    withOwner(context) { parser, isDocument in
        if isDocument { parser.node(.processingInstruction, name: target, content: data) }
    }
}

private func saxReference(_ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?) {
    withOwner(context) { parser, isDocument in
        if isDocument { parser.node(.entityReference, name: name, content: nil) }
    }
}

private func saxInternalSubset(
    _ context: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ externalID: UnsafePointer<xmlChar>?,
    _ systemID: UnsafePointer<xmlChar>?
) {
    // libxml2's own handler records the DTD, where entity declarations go.
    xmlSAX2InternalSubset(context, name, externalID, systemID)
    withOwner(context) { parser, isDocument in
        if isDocument { parser.node(.documentType, name: name, content: nil) }
    }
}

private func saxError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let error else { return }
    withOwner(context) { parser, _ in parser.errors.record(error) }
}
