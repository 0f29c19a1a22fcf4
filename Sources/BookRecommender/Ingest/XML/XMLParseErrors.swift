import CLibXML2
import Foundation

/// The errors libxml2 reported while parsing one document: the first one and
/// the first fatal one, each with its line. A document that stops parsing is
/// reported by its fatal error, else its first, as libxml2's `xmlTextReader`
/// reported it.
struct XMLParseErrors {
    var first: (line: Int, message: String)?
    var fatal: (line: Int, message: String)?
    /// Set once libxml2's tree builder would have stopped the parser (see
    /// `XMLNodeTree`): what libxml2 reports after that was never reported.
    var isClosed = false

    /// Keeps `error` when it is the first error or the first fatal one;
    /// warnings are dropped.
    mutating func record(_ error: xmlErrorPtr) {
        guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = error.pointee.message.map { String(cString: $0) } ?? "XML parse error"
        if error.pointee.code == Int32(XML_ERR_ENTITY_LOOP.rawValue) { message = XMLLimits.entityLoop }
        record(line: Int(error.pointee.line), message: message, isFatal: error.pointee.level == XML_ERR_FATAL)
    }

    /// Keeps an error at `line` (libxml2's, or one its tree builder would have raised).
    mutating func record(line: Int, message: String, isFatal: Bool) {
        guard !isClosed else { return }
        let entry = (line: max(line, 1), message: message.trimmingCharacters(in: .whitespacesAndNewlines))
        if first == nil { first = entry }
        if isFatal, fatal == nil { fatal = entry }
    }

    /// The error to report for a document that stopped parsing: the fatal
    /// error, else the first, with its line; `fallbackLine` when libxml2
    /// reported none.
    func malformed(path: String, fallbackLine: Int) -> IngestError {
        let error = fatal ?? first
        return .malformed(path: path, line: error?.line ?? fallbackLine, reason: error?.message ?? "XML parse error")
    }
}
