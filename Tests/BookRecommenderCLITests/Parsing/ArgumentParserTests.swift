import Testing

@testable import BookRecommender
@testable import BookRecommenderCLI

@Suite struct ArgumentParserTests {
    let parser = ArgumentParser(options: [
        .init("top"), .init("no-enrich", takesValue: false), .init("tag", repeatable: true),
    ])

    @Test func separatesPositionalsAndOptionsInAnyOrder() throws {
        let parsed = try parser.parse(["a.csv", "--top", "5", "b.csv", "--no-enrich"])
        #expect(parsed.positionals == ["a.csv", "b.csv"])
        #expect(parsed.value("top") == "5")
        #expect(parsed.has("no-enrich"))
    }

    @Test func acceptsInlineValuesAndDoubleDash() throws {
        let parsed = try parser.parse(["--top=3", "--", "--not-an-option"])
        #expect(parsed.value("top") == "3")
        #expect(parsed.positionals == ["--not-an-option"])
    }

    @Test func repeatableOptionsAccumulate() throws {
        let parsed = try parser.parse(["--tag", "a", "--tag", "b"])
        #expect(parsed.values["tag"] == ["a", "b"])
    }

    @Test(arguments: [
        (["--nope"], UsageError.unknownOption("--nope")),
        (["-x"], UsageError.unknownOption("-x")),
        (["--top"], UsageError.missingValue("--top")),
        (["--top", "--no-enrich"], UsageError.missingValue("--top")),
        (["--no-enrich=yes"], UsageError.unexpectedValue("--no-enrich")),
        (["--top", "1", "--top", "2"], UsageError.repeatedOption("--top")),
    ])
    func reportsWhatIsWrong(arguments: [String], expected: UsageError) {
        #expect(throws: expected) { try parser.parse(arguments) }
    }
}
