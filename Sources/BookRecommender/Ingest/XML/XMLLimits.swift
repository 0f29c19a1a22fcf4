/// The bounds every XML document is read under, and the words for each
/// refusal: bookrec's own (nesting, attributes, text, entity declarations)
/// and the two that libxml2's tree builder enforces, which `XMLNodeTree`
/// keeps in its place (bookrec builds no libxml2 tree, but reports what
/// libxml2's `xmlTextReader` reported).
enum XMLLimits {
    /// The deepest element nesting accepted (the root has depth 0); below
    /// libxml2's own limit, so that this clearer error usually comes first.
    static let maxDepth = 128
    /// The most attributes (namespace declarations included) on one element.
    static let maxAttributes = 256
    /// The longest text `XMLStream.readElementText()` collects, in UTF-8 bytes.
    static let maxTextLength = 1 << 20

    /// libxml2's tree builder refuses an element with more open elements
    /// around it than this (`xmlParserMaxDepth` without `XML_PARSE_HUGE`).
    static let treeMaxOpenElements = 256
    /// libxml2's tree builder refuses to grow one text node past this many
    /// bytes (`XML_MAX_TEXT_LENGTH` without `XML_PARSE_HUGE`).
    static let treeMaxTextLength = 10_000_000

    static var nestedTooDeep: String { "elements are nested deeper than \(maxDepth)" }

    static func tooManyAttributes(on element: String) -> String {
        "<\(element)> has more than \(maxAttributes) attributes"
    }

    static func textTooLong(in element: String) -> String {
        "text of <\(element)> is longer than \(maxTextLength) bytes"
    }

    static let entitiesDeclared = "the DOCTYPE declares entities, which are not accepted"
    /// In place of libxml2's words for an entity expansion it stopped ("billion laughs").
    static let entityLoop = "the DOCTYPE declares entities, which are not accepted (libxml2 stopped expanding them)"
    static let noRootElement = "the document has no root element"

    static func wrongRoot(_ found: String, expected names: [String]) -> String {
        "root element is <\(found)>, expected \(names.map { "<\($0)>" }.joined(separator: " or "))"
    }

    static func endsInside(_ element: String) -> String { "the document ends inside <\(element)>" }

    /// `XMLStream.readElementText()`'s words for a document that ends inside the element.
    static func textEndsInside(_ element: String) -> String { "document ends inside <\(element)>" }

    /// A document that stops on its last line with `root` still open, with
    /// libxml2's words for where it stopped.
    static func cutShort(root: String, libxml2 message: String) -> String {
        "the file ends inside <\(root)>, which is never closed: was it cut short? (libxml2: \(message))"
    }

    /// libxml2's words when its tree builder meets an element nested too deep.
    static let treeTooDeep = "Excessive depth in document: \(treeMaxOpenElements) use XML_PARSE_HUGE option"
    /// libxml2's words when its tree builder meets a text node too long.
    static let treeTextTooLong = "xmlSAX2Characters: huge text node"
}
