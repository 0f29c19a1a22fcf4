import Foundation
import Testing

@testable import BookRecommender

/// One book across apps: the title + first author key, and the join that
/// makes one item of a book however each file named it.
@Suite struct TitleKeyTests {
    /// Pairs of (title, author) that name the same book.
    @Test(arguments: [
        (("The Hunger Games (The Hunger Games, #1)", "Suzanne Collins"), ("The Hunger Games", "Collins, Suzanne")),
        (("Ensayo sobre la ceguera", "José Saramago"), ("ENSAYO SOBRE LA CEGUERA", "Saramago, Jose")),
        (("Dune: Deluxe Edition", "Frank Herbert"), ("Dune (Dune, #1)", "Herbert, Frank")),
        (
            ("Harry Potter and the Sorcerer's Stone", "J.K. Rowling"),
            ("Harry Potter and the Sorcerer’s Stone", "Rowling, J.K.")
        ),
        (("Raintree County", "Ross Lockridge Jr."), ("Raintree County", "Lockridge, Ross, Jr.")),
        (("The Left Hand of Darkness", "Ursula K. Le Guin"), ("The Left Hand of Darkness", "Le Guin, Ursula K.")),
        (("Pride & Prejudice", "Jane Austen"), ("Pride and Prejudice!", "  Austen , Jane ")),
        (("Cien años de soledad", "Gabriel García Márquez"), ("Cien Años de Soledad", "García Márquez, Gabriel")),
    ])
    func sameBookSameKey(_ one: (String, String), _ other: (String, String)) throws {
        let key = try #require(TitleKey.make(title: one.0, author: one.1))
        #expect(TitleKey.make(title: other.0, author: other.1) == key)
    }

    @Test func keysLookLikeThis() {
        #expect(
            TitleKey.make(title: "Ensayo sobre la ceguera", author: "José Saramago")
                == "title:ensayo sobre la ceguera|saramago")
        #expect(
            TitleKey.make(title: "The World for Sale: Money, Power", author: "Javier Blas")
                == "title:the world for sale|blas")
        #expect(TitleKey.make(title: "Dune", author: nil) == "title:dune|")
        #expect(TitleKey.make(title: "Dune", author: "") == nil)
        #expect(TitleKey.make(title: "(#1)", author: "A") == "title:1|a")
        #expect(TitleKey.make(title: " !!! ", author: "A") == nil)
        #expect(TitleKey.make(title: nil, author: "A") == nil)
        #expect(TitleKey.make(title: "三体", author: "刘慈欣") == "title:三体|刘慈欣")
    }

    @Test func differentBooksDifferentKeys() {
        #expect(
            TitleKey.make(title: "Dune Messiah (Dune, #2)", author: "Frank Herbert")
                != TitleKey.make(title: "Dune (Dune, #1)", author: "Frank Herbert"))
        #expect(TitleKey.make(title: "Emma", author: "Jane Austen") != TitleKey.make(title: "Emma", author: "Jane Doe"))
    }
}

@Suite struct SameBookJoinTests {
    static let goodreads =
        KnownHeaders.goodreads24.joined(separator: ",") + "\n"
            + #"""
            1,"Blindness",José Saramago,"Saramago, José",,"=""0156007754""","=""9780156007757""",5,,,,,,,,,,,read,,,,1,0
            2,"Dune (Dune, #1)",Frank Herbert,"Herbert, Frank",,"=""""","=""""",0,,,,,,,,,,,to-read,,,,0,0
            3,"Emma",Jane Austen,"Austen, Jane",,"=""0141439580""","=""9780141439587""",4,,,,,,,,,,,read,,,,1,0

            """#
    static let storygraph =
        KnownHeaders.storygraph.joined(separator: ",") + "\n"
            + """
            Blindness,José Saramago,,,paperback,read,2025/01/01,,,1,,,,,,,,4.5,,,,,No
            Dune,Frank Herbert,,,paperback,read,2025/01/01,,,1,,,,,,,,4,,,,,No
            Emma,Jane Austen,,9780141439600,hardcover,to-read,2025/01/01,,,0,,,,,,,,,,,,,No

            """

    /// (user, item key, rating or nil for shelved) of everything ingested, sorted.
    static func entries(_ result: Ingestor.Result) -> [String] {
        let data = result.data
        let rated = zip(zip(data.ratingUser, data.ratingItem), data.ratingValue).map {
            "\(data.userIDs[Int($0.0.0)]) \(data.itemKeys[Int($0.0.1)]) \($0.1)"
        }
        let shelved = zip(data.shelfUser, data.shelfItem).map {
            "\(data.userIDs[Int($0.0)]) \(data.itemKeys[Int($0.1)]) shelved"
        }
        return (rated + shelved).sorted()
    }

    static func ingest(_ files: [(name: String, text: String)]) throws -> Ingestor.Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("same-book-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = try files.map { file in
            let url = folder.appendingPathComponent(file.name)
            try Data(file.text.utf8).write(to: url)
            return InputFile(path: url.path)
        }
        return try Ingestor(format: nil, columns: nil, policy: .skip).ingest(
            inputs, catalogFile: nil, rejects: RejectLog(streamingTo: nil))
    }

    /// A Goodreads row with the ISBN and a StoryGraph row of the same book
    /// without one are one item, whichever file comes first; a book with no
    /// ISBN anywhere is one title-keyed item; another edition of a book the
    /// reader has is shelved for them.
    @Test func oneBookWhateverTheFileOrder() throws {
        let forward = try Self.ingest([("ann.csv", Self.goodreads), ("ann-sg.csv", Self.storygraph)])
        let backward = try Self.ingest([("ann-sg.csv", Self.storygraph), ("ann.csv", Self.goodreads)])
        let expected = [
            "ann 9780141439587 4.0", "ann 9780141439600 shelved", "ann 9780156007757 5.0",
            "ann title:dune|herbert shelved",
            "ann-sg 9780141439587 shelved", "ann-sg 9780141439600 shelved", "ann-sg 9780156007757 4.5",
            "ann-sg title:dune|herbert 4.0",
        ]
        #expect(Self.entries(forward) == expected)
        #expect(Self.entries(backward) == expected)
        #expect(
            Set(forward.data.itemKeys) == ["9780156007757", "9780141439587", "9780141439600", "title:dune|herbert"])
        #expect(forward.sameBook == SameBookJoin.Summary(joined: 1, editionShelves: 2))
        let blindness = try #require(forward.data.itemKeys.firstIndex(of: "9780156007757"))
        #expect(forward.items[blindness].title == "Blindness" && forward.items[blindness].isbn13 == "9780156007757")
    }

    /// Without titles (generic files, no catalog) nothing is joined or added.
    @Test func ratingsWithoutTitlesAreLeftAlone() throws {
        let result = try Self.ingest([("r.csv", "user,item,rating\n1,9780156007757,4\n2,title:x|y,3\n")])
        #expect(result.sameBook == SameBookJoin.Summary())
        #expect(Self.entries(result) == ["1 9780156007757 4.0", "2 title:x|y 3.0"])
    }
}
