import Testing

@testable import BookRecommender
@testable import BookRecommenderCLI

/// `bookrec help recommend` and the settings table (`Setting.all`) agree:
/// every flag the table gives is described, and every flag described is one
/// the command accepts.
@Suite struct RecommendHelpTests {
    /// The flags that start an option line of the help (`  --top N   picks per user`).
    static let described: [String] = Usage.recommend.split(separator: "\n").compactMap { line in
        guard line.hasPrefix("  --") else { return nil }
        return String(line.dropFirst(4).prefix { $0.isLetter || $0 == "-" })
    }

    @Test func everySettingFlagIsDescribed() {
        let flags = Setting.all.compactMap(\.flag)
        #expect(flags.count > 20)
        #expect(flags.filter { !Self.described.contains($0) } == [])
    }

    @Test func everyDescribedFlagIsAnOptionOfTheCommand() {
        let accepted = Set(RunCommand.options.map(\.name))
        #expect(Self.described.count == Set(Self.described).count)
        #expect(Self.described.filter { !accepted.contains($0) } == [])
        #expect(Set(Self.described) == accepted)
    }
}
