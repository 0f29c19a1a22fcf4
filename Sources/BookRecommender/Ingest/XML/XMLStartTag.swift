import CLibXML2

/// A start tag as libxml2's SAX2 parser reports it to `XMLEventParser`: names
/// and attribute values are pointers into libxml2's buffers, valid only during
/// the callback.
struct XMLStartTag {
    /// The element's name without its prefix, NUL-terminated.
    let localName: UnsafePointer<UInt8>
    let prefix: UnsafePointer<UInt8>?
    /// The namespace the prefix (or a default namespace) names; nil for an
    /// undeclared prefix.
    let namespaceURI: UnsafePointer<UInt8>?
    /// Namespace declarations on the tag: a prefix (nil for `xmlns`) and a URI each.
    let namespaceCount: Int
    let namespaces: UnsafePointer<UnsafePointer<UInt8>?>?
    /// Attributes written on the tag (not defaulted from a DTD): five
    /// pointers each, local name, prefix, URI, value start, value end.
    let attributeCount: Int
    let attributes: UnsafePointer<UnsafePointer<UInt8>?>?
    /// 0 for the root element.
    let depth: Int
    /// The line libxml2 has reached: where the tag ends.
    let line: Int

    /// True when the element's name is `name` as `XMLStream.localName` gives
    /// it: the local name, whose prefix counts only when it is not declared
    /// (libxml2's tree then keeps `prefix:name` as the name; see `treeName`).
    @inline(__always)
    func isNamed(_ name: StaticString) -> Bool {
        (prefix == nil || namespaceURI != nil) && Self.equal(localName, name)
    }

    /// The local name as text, for messages.
    var localNameText: String { String(cString: localName) }

    /// The element's name as libxml2's tree names it: `prefix:name` when
    /// the prefix is not declared, else the local name.
    var treeName: String {
        guard let prefix, namespaceURI == nil else { return localNameText }
        return String(cString: prefix) + ":" + localNameText
    }

    /// `prefix:name`, or the local name without a prefix: the name an
    /// element's attribute defaults are declared under in the DTD.
    var qualifiedName: String {
        prefix.map { String(cString: $0) + ":" + localNameText } ?? localNameText
    }

    /// The local name of attribute `index`, NUL-terminated.
    @inline(__always)
    func attributeName(_ index: Int) -> UnsafePointer<UInt8> {
        attributes.unsafelyUnwrapped[5 * index].unsafelyUnwrapped
    }

    /// True when attribute `index` has a namespace prefix.
    @inline(__always)
    func attributeHasPrefix(_ index: Int) -> Bool {
        attributes.unsafelyUnwrapped[5 * index + 1] != nil
    }

    /// The value of attribute `index` as libxml2 delivers it: normalised, with
    /// references replaced except `&`, which stays `&#38;` (see `text(ofValue:)`).
    @inline(__always)
    func rawValue(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = attributes.unsafelyUnwrapped[5 * index + 3].unsafelyUnwrapped
        let end = attributes.unsafelyUnwrapped[5 * index + 4].unsafelyUnwrapped
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    /// Every namespace declaration and attribute as libxml2's tree lists
    /// them (see `XMLStream.attributes()`): declarations first (`xmlns`,
    /// `xmlns:p`), then the attributes by qualified name, in document order.
    func textAttributes() -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = []
        result.reserveCapacity(namespaceCount + attributeCount)
        for index in 0..<namespaceCount {
            let prefix = namespaces.unsafelyUnwrapped[2 * index].map { "xmlns:" + String(cString: $0) } ?? "xmlns"
            let uri = namespaces.unsafelyUnwrapped[2 * index + 1].map { String(cString: $0) } ?? ""
            result.append((name: prefix, value: uri))
        }
        for index in 0..<attributeCount {
            let localName = String(cString: attributeName(index))
            let prefix = attributes.unsafelyUnwrapped[5 * index + 1].map { String(cString: $0) + ":" } ?? ""
            result.append((name: prefix + localName, value: Self.text(ofValue: rawValue(index))))
        }
        return result
    }

    /// An attribute value as text. Without entity substitution libxml2 hands
    /// `&` (written `&amp;`, `&#38;` or `&#x26;`) to SAX as `&#38;`, to be read
    /// again by its tree builder; no other `&` reaches SAX (entity declarations
    /// are refused, undeclared entities are dropped), so turning each `&#38;`
    /// back into `&` gives the text the tree builder would.
    static func text(ofValue bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        let escape = Array("&#38;".utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"), bytes[index...].starts(with: escape) {
                decoded.append(UInt8(ascii: "&"))
                index += escape.count
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// True when the NUL-terminated `text` is `name`.
    @inline(__always)
    static func equal(_ text: UnsafePointer<UInt8>, _ name: StaticString) -> Bool {
        let bytes = name.utf8Start
        for index in 0..<name.utf8CodeUnitCount where text[index] != bytes[index] { return false }
        return text[name.utf8CodeUnitCount] == 0
    }
}
