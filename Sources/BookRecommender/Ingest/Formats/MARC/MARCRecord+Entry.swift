extension MARCRecord {
    /// What a record becomes: a catalog entry with its aliases, or a reject.
    enum Outcome: Equatable {
        case entry(Catalog.Entry, aliases: [String])
        case rejected(RejectReason)
    }

    /// The catalog entry of this record and the ids its loans may name.
    ///
    /// `bookID` is the `001` control number, else `biblionumber:` and Koha's
    /// `999 $c` (a record with neither cannot be named by a loan and is
    /// rejected). The ISBN-13 is the first valid `020 $a`, which makes it the
    /// item key, so two records of one edition are one book; `020 $z` holds
    /// cancelled ISBNs and is never read. A record without a valid ISBN is
    /// still an entry, keyed by its `bookID`. The title is `245 $a` and
    /// `245 $b` joined by `: `, without their ISBD punctuation; a record
    /// without `245 $a` is rejected. The author is `100 $a`, "First Last"
    /// where the name is unambiguous (see `ISBDPunctuation.personalName`); the
    /// year, the first four digits in a row of `264 $c`, else `260 $c`.
    var outcome: Outcome {
        if tooManyFields {
            let tags = MARCRecord.keptTags.sorted().joined(separator: "/")
            return .rejected(.other("more than \(MARCRecord.maxFields) fields \(tags) in one record"))
        }
        let biblionumber = fields("999").lazy.compactMap { $0.first("c") }.first
        guard let bookID = controlNumber ?? biblionumber.map({ "biblionumber:\($0)" }) else {
            return .rejected(.other("no control number: neither 001 nor Koha's 999 $c"))
        }
        let titleField = fields("245").first
        guard let mainTitle = titleField?.first("a").map({ ISBDPunctuation.trimmed($0) }), !mainTitle.isEmpty
        else {
            return .rejected(.other("no title: 245 $a is missing or empty"))
        }
        let subtitle = titleField?.first("b").map { ISBDPunctuation.trimmed($0) } ?? ""
        let author = fields("100").first.flatMap { field in
            field.first("a").map { ISBDPunctuation.personalName($0, indicator1: field.indicator1) }
        }
        let entry = Catalog.Entry(
            bookID: bookID, isbn13: isbn13, title: subtitle.isEmpty ? mainTitle : "\(mainTitle): \(subtitle)",
            authors: author.map { $0.isEmpty ? [] : [$0] } ?? [], year: year)
        return .entry(entry, aliases: aliases(biblionumber: biblionumber ?? controlNumber))
    }

    /// Holdings (`952` fields) in the record.
    var copies: Int { fields("952").count }

    /// The first valid ISBN of the `020 $a` subfields, as an ISBN-13.
    var isbn13: String? {
        fields("020").lazy.flatMap { $0.all("a") }.compactMap(Self.isbn13).first
    }

    /// The ISBN-13 of one `020 $a`: as `ISBN.normalize` reads it (labels,
    /// hyphens, a `(hbk.)` qualifier), else of the ISBN-like characters it
    /// starts with, for the trailing ISBD punctuation and words older records
    /// append (`9780439023481 :`, `0439023483 pbk.`).
    static func isbn13(_ raw: String) -> String? {
        if let isbn13 = ISBN.normalize(raw).isbn13 { return isbn13 }
        let lead = raw.prefix { $0.isASCII && ($0.isNumber || $0 == "X" || $0 == "x" || $0 == "-" || $0 == " ") }
        return lead.isEmpty ? nil : ISBN.normalize(String(lead)).isbn13
    }

    /// The year of publication: the first four digits in a row of `264 $c`,
    /// else of `260 $c` (`c2008.`, `[2008]`, `©2008`).
    var year: Int? {
        for tag in ["264", "260"] {
            for date in fields(tag).flatMap({ $0.all("c") }) {
                let digits = Array(date.utf8)
                for start in digits.indices where digits.count - start >= 4 {
                    let run = digits[start..<start + 4]
                    if run.allSatisfy(ISBN.isDigit) { return Int(String(decoding: run, as: UTF8.self)) }
                }
            }
        }
        return nil
    }

    /// The prefixed ids of the record's copies (`barcode:` from `952 $p`,
    /// `itemnumber:` from `952 $9`) and of the record itself
    /// (`biblionumber:`), each once, in order.
    private func aliases(biblionumber: String?) -> [String] {
        var aliases: [String] = []
        for holding in fields("952") {
            aliases += holding.all("p").map { "barcode:\($0)" } + holding.all("9").map { "itemnumber:\($0)" }
        }
        if let biblionumber { aliases.append("biblionumber:\(biblionumber)") }
        var seen: Set<String> = []
        return aliases.filter { seen.insert($0).inserted }
    }
}
