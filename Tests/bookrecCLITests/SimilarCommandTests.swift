import Foundation
import Testing

/// `bookrec similar` on the demo club in `input/`, run from the repository root.
@Suite struct SimilarCommandTests {
    /// Harry Potter and the Half-Blood Prince, rated by alice, kai and others in the club.
    static let halfBloodPrince = "9780439785969"
    static let inputs = ["input/club", "--catalog", "input/catalog.csv", "--quiet"]

    func run(_ arguments: [String]) throws -> BinaryRunner.Result {
        try BinaryRunner.run(arguments, in: Workspace.root)
    }

    @Test func printsTheBookAndItsNeighbours() throws {
        // An ISBN-10 with hyphens names the same book.
        let result = try run(["similar", "0-439-78596-0"] + Self.inputs + ["--top", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("\(Self.halfBloodPrince)  Harry Potter and the Half-Blood Prince") == true)
        #expect(lines.count == 5, "\(result.stdout)")
        #expect(lines[1].contains("RANK") && lines[1].contains("SIMILARITY"))
        #expect(lines[2].hasPrefix("     1  "))
    }

    @Test func jsonListsNeighboursBestFirstAndTheBooksNotFound() throws {
        let result = try run(["similar", Self.halfBloodPrince, "9780306406157"] + Self.inputs + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("9780306406157"))
        let document = try DemoJobTests.object(Data(result.stdout.utf8))
        #expect(document["notFound"] as? [String] == ["9780306406157"])
        let books = try #require(document["books"] as? [[String: Any]])
        #expect(books.count == 1)
        #expect(books[0]["item"] as? String == Self.halfBloodPrince)
        #expect((books[0]["title"] as? String)?.hasPrefix("Harry Potter and the Half-Blood Prince") == true)
        let neighbors = try #require(books[0]["neighbors"] as? [[String: Any]])
        #expect(!neighbors.isEmpty && neighbors.count <= 10)
        let similarities = neighbors.compactMap { $0["similarity"] as? Double }
        #expect(similarities.count == neighbors.count)
        #expect(similarities == similarities.sorted(by: >))
        #expect(!neighbors.contains { $0["item"] as? String == Self.halfBloodPrince })
    }

    @Test func aBookByItemKey() throws {
        let fixtures = "Tests/BookRecommenderTests/Fixtures/evaluate/"
        let result = try run([
            "similar", "--book", "A", fixtures + "train.csv", "--similarity", "cosine", "--json", "--quiet",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try DemoJobTests.object(Data(result.stdout.utf8))
        let books = try #require(document["books"] as? [[String: Any]])
        let neighbors = try #require(books.first?["neighbors"] as? [[String: Any]])
        #expect(neighbors.map { $0["item"] as? String } == ["B"])
    }

    /// A book without a title: the key and rating count, no padding left at line ends.
    /// A = (5, 5, 5, 0, 0, 0, 0, 5) and B = (5, 5, 5, 0, …) over u0–u7: cos = 75 / (√100 · √75) = 0.8660.
    @Test func aTableWithoutTitles() throws {
        let fixtures = "Tests/BookRecommenderTests/Fixtures/evaluate/"
        let result = try run([
            "similar", "--book", "A", fixtures + "train.csv", "--similarity", "cosine", "--shrinkage", "0", "--quiet",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "A  (4 ratings)")
        #expect(lines.last == "     1      0.8660  B")
        #expect(!lines.contains { $0.hasSuffix(" ") })
    }

    @Test func noBookFoundExits65() throws {
        let result = try run(["similar", "9780306406157"] + Self.inputs)
        #expect(result.status == 65)
        #expect(result.stderr.contains("9780306406157"))
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        (["similar", "input/club"], "missing ISBN"),
        (["similar", "9780439785969"], "missing INPUT"),
        (["similar", "9780439785969", "input/club", "--min-ratings", "2"], "unknown option '--min-ratings'"),
        (["similar", "9780439785969", "input/club", "--top", "0"], "invalid value '0' for '--top'"),
    ])
    func usageErrorsExit64(arguments: [String], message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    /// A model trained on the club answers as fitting on the club does, byte for byte.
    @Test func aModelFileAnswersAsFittingDoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("similar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = folder.appendingPathComponent("club.bookrec").path
        let train = try run(["train"] + Self.inputs + ["--model", model])
        #expect(train.status == 0, "\(train.stderr)")
        for format in [["--json"], []] {
            let fitted = try run(["similar", Self.halfBloodPrince, "9780306406157"] + Self.inputs + format)
            let read = try run(
                ["similar", Self.halfBloodPrince, "9780306406157", "--model", model, "--quiet"] + format)
            #expect(read.status == 0, "\(read.stderr)")
            #expect(read.stdout == fitted.stdout && !read.stdout.isEmpty)
            #expect(read.stderr.contains("9780306406157"))
        }
        let missing = try run(["similar", "9780306406157", "--model", model])
        #expect(missing.status == 65)
        let damaged = folder.appendingPathComponent("damaged.bookrec")
        try Data("not a model".utf8).write(to: damaged)
        let unreadable = try run(["similar", Self.halfBloodPrince, "--model", damaged.path])
        #expect(unreadable.status == 65 && unreadable.stderr.contains(damaged.path), "\(unreadable.stderr)")
    }

    @Test(arguments: [
        (["input/club"], "input/club"),
        (["--similarity", "cosine"], "--similarity"),
        (["--catalog", "input/catalog.csv"], "--catalog"),
    ])
    func inputsAndFittingOptionsBesideAModelExit64(extra: [String], named: String) throws {
        let result = try run(["similar", Self.halfBloodPrince, "--model", "club.bookrec"] + extra)
        #expect(result.status == 64)
        #expect(result.stderr.contains("\(named)") && result.stderr.contains("--model"), "\(result.stderr)")
    }

    @Test func anArgumentThatIsNeitherAFileNorAnISBNIsAMissingInput() throws {
        let result = try run(["similar", Self.halfBloodPrince, "input/nosuch.csv"])
        #expect(result.status == 66 && result.stderr.contains("input/nosuch.csv"))
    }
}
