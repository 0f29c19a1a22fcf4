import Testing

@testable import BookRecommender

/// `Catalog.add(_:aliases:)`: a record's copies and ids resolve to its one entry.
@Suite struct CatalogAliasTests {
    static let hunger = Catalog.Entry(bookID: "1", isbn13: "9780439023481", title: "The hunger games")
    static let pamphlet = Catalog.Entry(bookID: "local-7", title: "Walking the old mill trails")

    @Test func prefixedIdsAndThePlainControlNumberResolve() {
        var catalog = Catalog()
        #expect(
            catalog.add(Self.hunger, aliases: ["barcode:A1", "barcode:A2", "itemnumber:5", "biblionumber:9"]) == [])
        #expect(catalog.add(Self.pamphlet, aliases: ["barcode:P1", "biblionumber:local-7"]) == [])
        for id in ["barcode:A1", "barcode:A2", "itemnumber:5", "biblionumber:9", "1"] {
            #expect(catalog.entry(for: BookRef(localID: id)) == Self.hunger, "\(id)")
        }
        #expect(catalog.entry(for: BookRef(localID: "barcode:P1"))?.itemKey == "local-7")
        #expect(catalog.entry(for: BookRef(localID: "local-7")) == Self.pamphlet)
        #expect(catalog.entry(forItemKey: "local-7") == Self.pamphlet)
        #expect(catalog.entry(for: BookRef(localID: "A1")) == nil)
        #expect(catalog.entry(for: BookRef(localID: "barcode:A3")) == nil)
    }

    @Test func theFirstEntryKeepsAClashingIdAndTheLaterKeepsItsOthers() {
        var catalog = Catalog()
        catalog.add(Self.hunger, aliases: ["barcode:A1", "itemnumber:5"])
        let clashes = catalog.add(Self.pamphlet, aliases: ["barcode:A1", "barcode:P1", "itemnumber:5"])
        #expect(clashes == ["barcode:A1", "itemnumber:5"])
        #expect(catalog.entry(for: BookRef(localID: "barcode:A1")) == Self.hunger)
        #expect(catalog.entry(for: BookRef(localID: "barcode:P1")) == Self.pamphlet)
        #expect(catalog.entries.count == 2)
    }

    @Test func aRepeatedControlNumberIsAClashButAnIdRepeatedInOneRecordIsNot() {
        var catalog = Catalog()
        #expect(catalog.add(Self.hunger, aliases: ["barcode:A1", "barcode:A1"]) == [])
        var again = Self.pamphlet
        again.bookID = "1"
        #expect(catalog.add(again, aliases: ["barcode:P1"]) == ["1"])
        #expect(catalog.entry(for: BookRef(localID: "1")) == Self.hunger)
        #expect(catalog.entry(for: BookRef(localID: "barcode:P1"))?.title == "Walking the old mill trails")
    }
}
