import Testing

@testable import BookRecommender
@testable import BookRecommenderCLI

@Suite struct SettingTests {
    func settings(_ arguments: [String]) throws -> RunSettings {
        let parsed = try ArgumentParser(options: Setting.parserOptions).parse(arguments)
        var settings = RunSettings()
        try Setting.apply(parsed, to: &settings)
        return settings
    }

    @Test func defaultsMatchTheDocumentation() {
        let settings = RunSettings()
        #expect(settings.model.top == 10)
        #expect(settings.out == "output")
        #expect(settings.onBadRecord == .skip)
        #expect(settings.format == nil)
        #expect(settings.enrich.enabled)
        #expect(settings.model.threads >= 1)
    }

    @Test func flagsChangeTheirSettings() throws {
        let settings = try settings([
            "--format", "goodreads", "--columns", "user=u,item=i,rating=r", "--top", "3", "--out", "x",
            "--threads", "2", "--on-bad-record", "fail", "--no-enrich", "--catalog", "c.csv", "--rating-scale", "1-10",
        ])
        #expect(settings.format == .goodreads)
        #expect(settings.columns == ColumnMap(user: "u", item: "i", rating: "r"))
        #expect(settings.model.top == 3)
        #expect(settings.model.threads == 2)
        #expect(settings.out == "x")
        #expect(settings.onBadRecord == .fail)
        #expect(!settings.enrich.enabled)
        #expect(settings.catalog == "c.csv")
        #expect(settings.ratingScale == RatingScale(minimum: 1, maximum: 10))
    }

    @Test func autoFormatMeansDetection() throws {
        #expect(try settings(["--format", "auto"]).format == nil)
    }

    @Test(arguments: [
        ["--top", "0"], ["--top", "ten"], ["--threads", "-1"], ["--format", "docx"],
        ["--on-bad-record", "ignore"], ["--columns", "user=a"], ["--rating-scale", "10-1"], ["--rating-scale", "ten"],
    ])
    func invalidValuesAreUsageErrorsNamingTheFlag(arguments: [String]) {
        #expect {
            try settings(arguments)
        } throws: { error in
            guard case UsageError.invalidValue(let option, let value, _) = error else { return false }
            return option == arguments[0] && value == arguments[1]
        }
    }
}
