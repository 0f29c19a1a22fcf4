/// Reads a library catalog in MARC 21 XML (MARCXML, the Library of Congress
/// "slim" schema, as Koha exports it) for `--catalog`: a `<collection>` of
/// `<record>`s, or one `<record>`, by local name (the `marc:` prefix or a
/// default namespace alike; the namespace itself is not checked, since some
/// exports leave it out).
///
/// Each record is one `Catalog.Entry` (see `MARCRecord.outcome` for the
/// fields), added with the ids a loan may name it by: `barcode:` and
/// `itemnumber:` of each copy (`952 $p`, `952 $9`) and `biblionumber:`
/// (`999 $c`, else the `001`). The file is streamed through `XMLStream`,
/// under its limits: no network, no entities, bounded depth.
///
/// Accounting: a record used is `used`, whether or not it has an ISBN (one
/// without is counted in `Catalog.counts.withoutISBN` and not written to
/// `rejects.csv`: its loans are kept, keyed by its control number, and a used
/// record among the rejects would be counted twice). A record without a
/// control number or title is `rejected` with the line its `<record>` starts
/// on. A record naming an id an earlier record holds is used under its other
/// ids and written to `rejects.csv` once, counted in `Catalog.counts.clashes`.
struct MARCXMLCatalogFormat {
    /// The most clashing ids a reject reason lists.
    private static let listedClashes = 5

    /// Adds every usable record of `file` to `catalog`, reporting the others
    /// through `reject` (line, reason, the record as read). A document that
    /// breaks after its root began keeps the records before the break, and
    /// the break is reported as one more rejected record, with its line and
    /// libxml2's reason (so `--on-bad-record fail` stops on it).
    /// - Returns: the records read, used and rejected.
    /// - Throws: `IngestError.cannotRead` when the file cannot be opened;
    ///   `.malformed` when nothing of it can be read: it is not XML, its root is
    ///   neither `collection` nor `record`, or `XMLStream` refuses it at
    ///   the root (a DOCTYPE that declares entities).
    func read(
        _ file: InputFile, into catalog: inout Catalog, reject: (Int, RejectReason, String) -> Void
    ) throws(IngestError) -> RecordCounts {
        var xml = try XMLStream(path: file.path)
        let root = try xml.enterRoot(namedOneOf: ["collection", "record"])
        var counts = RecordCounts()
        do throws(IngestError) {
            if root == "record" {
                let line = xml.line
                add(try MARCRecord.read(&xml), line: line, into: &catalog, counts: &counts, reject: reject)
            }
            // Read to the end whatever the root, so a break after the last record is reported too.
            while try xml.advance() {
                guard root == "collection", xml.nodeKind == .element, xml.depth == 1, xml.localName == "record"
                else { continue }
                let line = xml.line
                add(try MARCRecord.read(&xml), line: line, into: &catalog, counts: &counts, reject: reject)
            }
        } catch {
            counts.read += 1
            counts.rejected += 1
            reject(error.line, .other(error.reason), "")
        }
        return counts
    }

    /// Adds `record`, which starts on `line`, to `catalog`, or rejects it.
    private func add(
        _ record: MARCRecord, line: Int, into catalog: inout Catalog, counts: inout RecordCounts,
        reject: (Int, RejectReason, String) -> Void
    ) {
        counts.read += 1
        switch record.outcome {
        case .rejected(let reason):
            counts.rejected += 1
            reject(line, reason, record.markup)
        case .entry(let entry, let aliases):
            counts.used += 1
            if entry.isbn13 == nil { catalog.counts.withoutISBN += 1 }
            catalog.counts.copies += record.copies
            let clashes = catalog.add(entry, aliases: aliases)
            guard !clashes.isEmpty else { return }
            catalog.counts.clashes += 1
            reject(line, .other(Self.clashReason(clashes, in: catalog)), record.markup)
        }
    }

    /// Why a record's `clashes` were refused, naming the record that holds each.
    private static func clashReason(_ clashes: [String], in catalog: Catalog) -> String {
        let listed = clashes.prefix(listedClashes).map { id in
            "\(id) (record \(catalog.entry(for: BookRef(localID: id))?.bookID ?? "?"))"
        }
        let more = clashes.count > listedClashes ? " and \(clashes.count - listedClashes) more" : ""
        return "ids already held by an earlier record, which keeps them: \(listed.joined(separator: ", "))\(more); "
            + "this record is used under its other ids"
    }
}
