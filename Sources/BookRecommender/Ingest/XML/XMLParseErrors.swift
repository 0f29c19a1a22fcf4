import CLibXML2
import Foundation

/// The errors libxml2 reported while parsing one document: the first one and
/// the first fatal one, each with its line. Both XML parsers (`XMLStreamReader`
/// and `XMLPushParser`) keep them the same way, so a broken document gets the
/// same message whichever reads it.
struct XMLParseErrors {
    var first: (line: Int, message: String)?
    var fatal: (line: Int, message: String)?

    /// Keeps `error` when it is the first error or the first fatal one;
    /// warnings are dropped.
    mutating func record(_ error: xmlErrorPtr) {
        guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = error.pointee.message.map { String(cString: $0) } ?? "XML parse error"
        if error.pointee.code == Int32(XML_ERR_ENTITY_LOOP.rawValue) {
            // libxml2's words for an expansion bomb ("billion laughs") it stopped.
            message = "the DOCTYPE declares entities, which are not accepted (libxml2 stopped expanding them)"
        }
        let entry = (
            line: max(Int(error.pointee.line), 1), message: message.trimmingCharacters(in: .whitespacesAndNewlines)
        )
        if first == nil { first = entry }
        if error.pointee.level == XML_ERR_FATAL, fatal == nil { fatal = entry }
    }

    /// The error to report for a document that stopped parsing: the fatal
    /// error, else the first, with its line; `fallbackLine` when libxml2
    /// reported none.
    func malformed(path: String, fallbackLine: Int) -> IngestError {
        let error = fatal ?? first
        return .malformed(path: path, line: error?.line ?? fallbackLine, reason: error?.message ?? "XML parse error")
    }
}
