import Testing

@testable import BookRecommender

@Suite struct XMLRootDetectorTests {
    @Test(arguments: [
        ("ratings_good.xml", "ratings"), ("ratings_doctype.xml", "ratings"), ("ratings_utf16.xml", "ratings"),
        ("goodreads_shelf_rss_2026_currently-reading.xml", "rss"),
    ])
    func findsTheRootElement(_ fixture: String, _ root: String) throws {
        #expect(try XMLRootDetector.rootElementName(ofFileAt: XMLFixtures.path(fixture)) == root)
    }

    @Test func mapsRootsToFormats() {
        #expect(XMLRootDetector.inputFormat(forRoot: "ratings") == .ratingsXML)
        #expect(XMLRootDetector.inputFormat(forRoot: "rss") == .goodreadsRSS)
        #expect(XMLRootDetector.inputFormat(forRoot: "GoodreadsResponse") == .goodreadsAPI)
        #expect(XMLRootDetector.inputFormat(forRoot: "reviews") == nil)
    }

    @Test func readsOnlyUpToTheRoot() throws {
        let path = try XMLFixtures.write("<?xml version=\"1.0\"?>\n<ratings>\n<rating user=\"u\"/>\n<broken")
        #expect(try XMLRootDetector.rootElementName(ofFileAt: path) == "ratings")
    }

    @Test(arguments: [
        "", "user,isbn,rating\nu1,0439023483,4\n", "<?xml version=\"1.0\"?>\n<!-- nothing -->\n",
        "<?xml version=\"1.0\" encoding=\"no-such-encoding\"?>\n<ratings/>", "\u{FEFF}\u{0}\u{1}\u{2}<",
    ])
    func throwsMalformedWithoutARootElement(_ text: String) throws {
        let path = try XMLFixtures.write(text)
        #expect {
            try XMLRootDetector.rootElementName(ofFileAt: path)
        } throws: { error in
            guard case .malformed(let errorPath, let line, _) = error as? IngestError else { return false }
            return errorPath == path && line >= 1
        }
    }

    @Test func throwsCannotReadForAMissingFile() {
        #expect(throws: IngestError.cannotRead(path: "/nonexistent/x.xml", reason: "No such file or directory")) {
            try XMLRootDetector.rootElementName(ofFileAt: "/nonexistent/x.xml")
        }
    }
}
