@testable import BookRecommender

/// A hostile file, the format it is read as (nil: detected) and what must come of it.
struct HostileInput: Sendable, CustomStringConvertible {
    var name: String
    var fileName: String
    var format: InputFormat?
    var bytes: [UInt8]
    /// Expected counts: used, shelved, rejected.
    var used: Int
    var shelved: Int
    var rejected: Int

    var description: String { name }

    static let ratingsHeader = Array("user_id,book_id,rating\n".utf8)
    static let goodreadsHeader = Array(
        "Book Id,Title,Author,ISBN,ISBN13,My Rating,Exclusive Shelf\n".utf8)

    /// One case for each kind of damage the issue lists, across the formats.
    static let all: [HostileInput] = [
        HostileInput(
            name: "unterminated quote at the end", fileName: "r.csv", format: .ratingsCSV,
            bytes: ratingsHeader + Array("u1,b1,4\nu2,\"b2,5\nu3,b3,3\n".utf8), used: 1, shelved: 0, rejected: 1),
        HostileInput(
            name: "unterminated quote in a Goodreads export", fileName: "alice.csv", format: .goodreads,
            bytes: goodreadsHeader + Array("1,\"T\",A,,,4,read\n2,\"Open,B,,,5,read\n".utf8),
            used: 1, shelved: 0, rejected: 1),
        HostileInput(
            name: "NUL bytes", fileName: "r.csv", format: .ratingsCSV,
            bytes: ratingsHeader + Array("u\0x,b1,4\nu2,b\0,5\nu3,b3,\04\n".utf8), used: 2, shelved: 0, rejected: 1),
        HostileInput(
            name: "invalid UTF-8 where only UTF-8 is allowed", fileName: "r.csv", format: .ratingsCSV,
            bytes: ratingsHeader + Array("u1,b1,4\n".utf8) + [0x75, 0xE9, 0x2C, 0x62, 0x2C, 0x35, 0x0A]
                + [0x75, 0xED, 0xA0, 0x80, 0x2C, 0x62, 0x2C, 0x35, 0x0A],
            used: 1, shelved: 0, rejected: 2),
        HostileInput(
            name: "invalid UTF-8 in a Goodreads title", fileName: "alice.csv", format: .goodreads,
            bytes: goodreadsHeader + Array("1,Caf".utf8) + [0xE9] + Array(",A,,,4,read\n2,T,A,,,5,read\n".utf8),
            used: 1, shelved: 0, rejected: 1),
        HostileInput(
            name: "Latin-1 where the format allows it", fileName: "bx.csv", format: .bookcrossing,
            bytes: Array("\"User-ID\";\"ISBN\";\"Book-Rating\"\n\"".utf8) + [0x6A, 0xE9]
                + Array("\";\"0439023483\";\"8\"\n".utf8)
                + Array("\"".utf8) + [0xED, 0xA0, 0x80] + Array("\";\"0439023483\";\"0\"\n".utf8),
            used: 1, shelved: 1, rejected: 0),
        HostileInput(
            name: "mixed line endings", fileName: "r.csv", format: .ratingsCSV,
            bytes: Array("user_id,book_id,rating\r\nu1,b1,4\nu2,b2,5\ru3,b3,3\r\n\r\nu4,\"b\r\n4\",2".utf8),
            used: 4, shelved: 0, rejected: 0),
        HostileInput(
            name: "a header only", fileName: "r.csv", format: .ratingsCSV, bytes: ratingsHeader,
            used: 0, shelved: 0, rejected: 0),
        HostileInput(
            name: "a Goodreads header only", fileName: "alice.csv", format: nil, bytes: goodreadsHeader,
            used: 0, shelved: 0, rejected: 0),
        HostileInput(
            name: "an empty file", fileName: "r.csv", format: .ratingsCSV, bytes: [], used: 0, shelved: 0,
            rejected: 1),
        HostileInput(
            name: "an empty file, detected", fileName: "r.csv", format: nil, bytes: [], used: 0, shelved: 0,
            rejected: 1),
        HostileInput(
            name: "blank lines and a byte-order mark only", fileName: "r.csv", format: nil,
            bytes: [0xEF, 0xBB, 0xBF] + Array("\r\n\n  \n".utf8), used: 0, shelved: 0, rejected: 1),
        HostileInput(
            name: "wrong field counts", fileName: "r.csv", format: .ratingsCSV,
            bytes: ratingsHeader + Array("u1,b1\nu2,b2,5,extra\nu3,b3,3\n".utf8), used: 1, shelved: 0, rejected: 2),
        HostileInput(
            name: "ratings that are not numbers", fileName: "r.csv", format: .ratingsCSV,
            bytes: ratingsHeader + Array("u1,b1,nan\nu2,b2,inf\nu3,b3,1e999\nu4,b4,-1\nu5,b5,4.5\n".utf8),
            used: 1, shelved: 0, rejected: 4),
        HostileInput(
            name: "truncated ratings XML", fileName: "r.xml", format: nil,
            bytes: Array("<ratings>\n<rating user=\"a\" isbn=\"9780439023481\" value=\"4\"/>\n<rating user=\"b".utf8),
            used: 1, shelved: 0, rejected: 1),
        HostileInput(
            name: "invalid UTF-8 in XML", fileName: "r.xml", format: .ratingsXML,
            bytes: Array("<ratings>\n<rating user=\"a\" isbn=\"9780439023481\" value=\"4\"/>\n<rating user=\"".utf8)
                + [0xED, 0xA0, 0x80] + Array("\" isbn=\"9780439023481\" value=\"4\"/>\n</ratings>\n".utf8),
            used: 1, shelved: 0, rejected: 1),
        HostileInput(
            name: "truncated Goodreads RSS", fileName: "alice.xml", format: .goodreadsRSS,
            bytes: Array(
                "<rss><channel>\n<item><book_id>1</book_id><user_rating>4</user_rating></item>\n<item><book_id>2</bo"
                    .utf8),
            used: 1, shelved: 0, rejected: 1),
        HostileInput(
            name: "XML nested too deep", fileName: "r.xml", format: .ratingsXML,
            bytes: Array(
                ("<ratings>\n<rating user=\"a\" book=\"b\" value=\"4\"/>\n" + String(repeating: "<x>", count: 200))
                    .utf8),
            used: 1, shelved: 0, rejected: 1),
        HostileInput(
            name: "an XML element with too many attributes", fileName: "r.xml", format: .ratingsXML,
            bytes: Array(
                ("<ratings>\n<rating user=\"a\" book=\"b\" value=\"4\"/>\n<rating "
                    + (0..<300).map { "a\($0)=\"\"" }.joined(separator: " ") + "/>\n</ratings>").utf8),
            used: 1, shelved: 0, rejected: 1),
        HostileInput(
            name: "a LibraryThing JSON export cut short", fileName: "alice.json", format: nil,
            bytes: Array(
                "{\n\"1\": {\"title\": \"A\", \"rating\": 4},\n\"2\": {\"title\": \"\\ud800\", \"rating\": \"".utf8),
            used: 1, shelved: 0, rejected: 1),
    ]
}
