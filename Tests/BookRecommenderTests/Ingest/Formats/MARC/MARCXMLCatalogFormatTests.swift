import Testing

@testable import BookRecommender

/// MARC 21 XML catalogs, well-formed and broken, through `CatalogParser`.
@Suite struct MARCXMLCatalogFormatTests {
    @Test func recordsBecomeEntriesWithTheirPunctuationTrimmed() throws {
        let read = try MARCFixture("collection.xml")
        #expect(read.counts == RecordCounts(read: 3, used: 3, shelved: 0, rejected: 0))
        #expect(read.rejects.isEmpty)
        #expect(read.catalog.counts == CatalogCounts(withoutISBN: 1, copies: 4, clashes: 0))
        #expect(
            read.catalog.entries == [
                Catalog.Entry(
                    bookID: "ocm1001", isbn13: "9780439023481", title: "The hunger games",
                    authors: ["Suzanne Collins"], year: 2008),
                Catalog.Entry(
                    bookID: "ocm1002", isbn13: "9780618260300", title: "The hobbit: or, There and back again",
                    authors: ["J. R. R. Tolkien"], year: 1937),
                Catalog.Entry(bookID: "local-7", title: "Walking the old mill trails"),
            ])
    }

    @Test func everyCopyAndIdResolvesToItsRecord() throws {
        let read = try MARCFixture("collection.xml")
        for id in [
            "barcode:39000000000011", "barcode:39000000000012", "itemnumber:11", "itemnumber:12", "biblionumber:501",
            "ocm1001",
        ] {
            #expect(read.entry(id)?.bookID == "ocm1001", "\(id)")
        }
        // Without a 999, the biblionumber is the control number.
        #expect(read.entry("biblionumber:ocm1002")?.bookID == "ocm1002")
        #expect(read.entry("barcode:39000000000021")?.isbn13 == "9780618260300")
        // The record without an ISBN is kept, keyed by its control number.
        #expect(read.entry("barcode:39000000000031")?.itemKey == "local-7")
        #expect(read.entry("itemnumber:31")?.itemKey == "local-7")
        #expect(read.entry("barcode:39000000009999") == nil)
        #expect(read.entry("biblionumber:ocm1001") == nil)
        #expect(read.entry("barcode:11") == nil)
    }

    @Test func cancelledISBNsAreIgnoredAndTheFirstValidOneWins() throws {
        let read = try MARCFixture("collection.xml")
        // 020 $z 9780316015844 comes first, then "not an ISBN", then 0618260307, then 9780547928227.
        #expect(read.catalog.entries[1].isbn13 == "9780618260300")
        #expect(read.catalog.entry(for: BookRef(isbn13: "9780316015844")) == nil)
        #expect(read.catalog.entry(for: BookRef(isbn13: "9780547928227")) == nil)
    }

    @Test func brokenRecordsAreRejectedWithTheLineTheirRecordStartsOn() throws {
        let read = try MARCFixture("broken_records.xml")
        #expect(read.counts == RecordCounts(read: 5, used: 3, shelved: 0, rejected: 2))
        #expect(read.catalog.counts == CatalogCounts(withoutISBN: 1, copies: 3, clashes: 1))
        #expect(read.rejects.map(\.line) == [10, 15, 19])
        #expect(read.rejects[0].reason == .other("no title: 245 $a is missing or empty"))
        #expect(read.rejects[0].record.contains("<controlfield tag=\"001\">b2</controlfield>"))
        #expect(read.rejects[1].reason == .other("no control number: neither 001 nor Koha's 999 $c"))
        #expect(read.catalog.entries.map(\.bookID) == ["b1", "b4", "biblionumber:77"])
        #expect(read.catalog.entries[0].authors == ["Suzanne Collins"])
        #expect(read.catalog.entries[2].title == "Keyed by Koha alone")
        #expect(read.entry("biblionumber:77")?.itemKey == "biblionumber:77")
    }

    @Test func aClashingBarcodeStaysWithTheFirstRecordAndTheLaterKeepsItsOtherIds() throws {
        let read = try MARCFixture("broken_records.xml")
        let clash = try #require(read.rejects.last)
        #expect(clash.line == 19)
        #expect(
            clash.reason
                == .other(
                    "ids already held by an earlier record, which keeps them: barcode:B-1 (record b1); "
                        + "this record is used under its other ids"))
        #expect(read.entry("barcode:B-1")?.bookID == "b1")
        #expect(read.entry("barcode:B-4")?.bookID == "b4")
        #expect(read.entry("itemnumber:4")?.bookID == "b4")
        #expect(read.entry("biblionumber:b4")?.isbn13 == "9780385732550")
    }

    @Test func aTruncatedFileKeepsTheRecordsBeforeTheBreak() throws {
        let read = try MARCFixture("truncated.xml")
        #expect(read.catalog.entries.map(\.bookID) == ["t1", "t2"])
        #expect(read.catalog.entries.map(\.title) == ["First", "Second"])
        #expect(read.counts == RecordCounts(read: 3, used: 2, shelved: 0, rejected: 1))
        let cut = try #require(read.rejects.first)
        #expect(cut.line >= 13)
        #expect(cut.record.isEmpty)
        guard case .other(let reason) = cut.reason else {
            Issue.record("expected a reason in words, got \(cut.reason)")
            return
        }
        #expect(reason.hasPrefix("the file ends inside <collection>, which is never closed: was it cut short?"))
    }

    /// A `marc:`-prefixed collection, and a `<record>` root with a labelled ISBN.
    @Test(arguments: [
        (
            "prefixed.xml", "barcode:P-1",
            Catalog.Entry(
                bookID: "p1", isbn13: "9780316015844", title: "Twilight: a novel", authors: ["Stephenie Meyer"])
        ),
        (
            "single_record.xml", "biblionumber:s1",
            Catalog.Entry(
                bookID: "s1", isbn13: "9780451524935", title: "Nineteen eighty-four", authors: ["George Orwell"])
        ),
    ])
    func otherShapesOfTheDocumentReadTheSame(_ fixture: String, _ alias: String, _ entry: Catalog.Entry) throws {
        let read = try MARCFixture(fixture)
        #expect(read.counts == RecordCounts(read: 1, used: 1, shelved: 0, rejected: 0))
        #expect(read.catalog.entries == [entry])
        #expect(read.entry(alias) == entry)
    }

    /// libxml2 hands out no end tag of a root followed by more content, so the
    /// one record of a `<record>` root never ends: the break is the one reject.
    @Test func aBreakAfterASingleRecordRootIsReported() throws {
        let path = try XMLFixtures.write(
            "<record>\n<controlfield tag=\"001\">s</controlfield>\n<datafield tag=\"245\" ind1=\"0\" ind2=\"0\">"
                + "<subfield code=\"a\">Lost</subfield></datafield>\n</record>\n<record>\n")
        let read = try MARCFixture(path: path)
        #expect(read.catalog.isEmpty)
        #expect(read.counts == RecordCounts(read: 1, used: 0, shelved: 0, rejected: 1))
        #expect(read.rejects.map(\.line) == [5])
        #expect(read.rejects.first?.reason == .other("Extra content at the end of the document"))
    }

    @Test func anotherRootIsMalformed() throws {
        let path = try XMLFixtures.write("<?xml version=\"1.0\"?>\n<ratings><rating/></ratings>\n")
        #expect(
            throws: IngestError.malformed(
                path: path, line: 2, reason: "root element is <ratings>, expected <collection> or <record>")
        ) { try MARCFixture(path: path) }
    }

    @Test func aCatalogGivenAsRatingsIsPointedToCatalog() throws {
        let error = #expect(throws: IngestError.self) {
            try FormatDetection.detect(InputFile(path: MARCFixture.path("collection.xml")))
        }
        #expect(error?.reason.hasSuffix("(a MARC 21 catalog is read with --catalog)") == true)
    }

    @Test func anEmptyCollectionIsAnEmptyCatalog() throws {
        let read = try MARCFixture(
            path: try XMLFixtures.write("<collection xmlns=\"http://www.loc.gov/MARC21/slim\"/>"))
        #expect(read.catalog.isEmpty)
        #expect(read.counts == RecordCounts())
    }

    @Test func aRecordOfTooManyFieldsIsRejectedNotKept() throws {
        let holding = "<datafield tag=\"952\" ind1=\" \" ind2=\" \"><subfield code=\"p\">x</subfield></datafield>\n"
        let text =
            "<collection>\n<record>\n<controlfield tag=\"001\">big</controlfield>\n"
            + "<datafield tag=\"245\" ind1=\"0\" ind2=\"0\"><subfield code=\"a\">Big</subfield></datafield>\n"
            + String(repeating: holding, count: MARCRecord.maxFields) + "</record>\n</collection>\n"
        let read = try MARCFixture(path: try XMLFixtures.write(text))
        #expect(read.catalog.isEmpty)
        #expect(read.rejects.map(\.line) == [2])
        #expect(read.rejects.first?.record.utf8.count ?? .max < RejectLog.recordLimit + 200)
    }
}
