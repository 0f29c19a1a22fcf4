import Foundation

/// One MARC 21 XML `<record>` as the catalog reader keeps it: the `001`
/// control number and the data fields a book needs, in document order.
///
/// Only the fields of `keptTags` are kept, and at most `maxFields` of them, so
/// a record of a million holdings costs a bounded amount of memory before it
/// is rejected; everything else is passed over as it streams by.
struct MARCRecord {
    /// One data field: its tag, first indicator and subfields in order.
    struct DataField {
        var tag: String
        var indicator1: String
        var subfields: [(code: String, value: String)] = []

        /// The value of the first subfield `code`, trimmed; nil when there is
        /// none or it is blank.
        func first(_ code: String) -> String? {
            subfields.lazy.filter { $0.code == code }.map { $0.value.trimmingCharacters(in: .whitespacesAndNewlines) }
                .first { !$0.isEmpty }
        }

        /// Every non-blank value of subfield `code`, trimmed, in order.
        func all(_ code: String) -> [String] {
            subfields.filter { $0.code == code }.map { $0.value.trimmingCharacters(in: .whitespacesAndNewlines) }.filter
            { !$0.isEmpty }
        }
    }

    /// ISBN, main author, title, publication (two tags), Koha holdings and
    /// Koha's record ids.
    static let keptTags: Set = ["020", "100", "245", "260", "264", "952", "999"]
    /// The most kept fields one record may hold; a library's most-copied
    /// title has some hundreds of holdings.
    static let maxFields = 10_000

    /// The `001` control number as written (the first one, when repeated).
    var controlNumber: String?
    var fields: [DataField] = []
    /// True when the record held more than `maxFields` kept fields (the rest were dropped).
    var tooManyFields = false

    /// The kept fields with `tag`, in order.
    func fields(_ tag: String) -> [DataField] { fields.filter { $0.tag == tag } }

    /// Reads the `<record>` the reader is on, leaving it on `</record>`.
    /// - Throws: what `XMLStream` throws when the document breaks
    ///   inside the record; `IngestError.malformed` when it ends there.
    static func read(_ xml: inout XMLStream) throws(IngestError) -> MARCRecord {
        var record = MARCRecord()
        guard !xml.isEmptyElement else { return record }
        let recordDepth = xml.depth
        while try xml.advance() {
            if xml.nodeKind == .endElement, xml.depth == recordDepth { return record }
            guard xml.nodeKind == .element, xml.depth == recordDepth + 1 else { continue }
            let tag = (xml.attribute("tag") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            switch xml.localName {
            case "controlfield" where tag == "001":
                let text = try xml.readElementText().trimmingCharacters(in: .whitespacesAndNewlines)
                if record.controlNumber == nil, !text.isEmpty { record.controlNumber = text }
            case "datafield" where keptTags.contains(tag):
                let field = try readSubfields(&xml, tag: tag)
                if record.fields.count < maxFields {
                    record.fields.append(field)
                } else {
                    record.tooManyFields = true
                }
            default:
                continue
            }
        }
        throw .malformed(path: xml.path, line: xml.line, reason: XMLLimits.endsInside("record"))
    }

    /// Reads the `<subfield code="…">` children of the current `<datafield>`,
    /// leaving the reader on `</datafield>`.
    private static func readSubfields(_ xml: inout XMLStream, tag: String) throws(IngestError) -> DataField {
        var field = DataField(
            tag: tag, indicator1: (xml.attribute("ind1") ?? "").trimmingCharacters(in: .whitespacesAndNewlines))
        guard !xml.isEmptyElement else { return field }
        let fieldDepth = xml.depth
        while try xml.advance() {
            if xml.nodeKind == .endElement, xml.depth == fieldDepth { return field }
            guard xml.nodeKind == .element, xml.depth == fieldDepth + 1, xml.localName == "subfield" else { continue }
            let code = xml.attribute("code") ?? ""
            field.subfields.append((code: code, value: try xml.readElementText()))
        }
        throw .malformed(path: xml.path, line: xml.line, reason: XMLLimits.endsInside("datafield"))
    }

    /// The record as MARC 21 XML, with only the fields kept, for the `record`
    /// column of `rejects.csv`.
    var markup: String {
        var text = "<record>"
        if let controlNumber {
            text += "<controlfield tag=\"001\">\(XMLMarkup.escaped(controlNumber))</controlfield>"
        }
        for field in fields {
            text +=
                "<datafield tag=\"\(XMLMarkup.escaped(field.tag))\" ind1=\"\(XMLMarkup.escaped(field.indicator1))\">"
            for subfield in field.subfields {
                text +=
                    "<subfield code=\"\(XMLMarkup.escaped(subfield.code))\">\(XMLMarkup.escaped(subfield.value))</subfield>"
            }
            text += "</datafield>"
            // rejects.csv keeps 4 KiB of a record; building more is wasted work.
            if text.utf8.count > RejectLog.recordLimit { break }
        }
        return text + "</record>"
    }
}
