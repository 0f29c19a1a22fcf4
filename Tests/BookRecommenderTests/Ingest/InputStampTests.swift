import Foundation
import Testing

@testable import BookRecommender

/// `InputStamp` changes with anything ingest's result depends on, and with
/// nothing else.
@Suite struct InputStampTests {
    static let ratings = "user,item,rating\nu1,b1,5\nu2,b1,3\n"

    /// The stamp of `files` with these settings.
    static func stamp(
        _ files: [InputFile], catalog: InputFile? = nil, format: InputFormat? = nil, columns: ColumnMap? = nil,
        ratingScale: RatingScale? = nil
    ) -> InputStamp? {
        var settings = RunSettings()
        settings.format = format
        settings.columns = columns
        settings.ratingScale = ratingScale
        return InputStamp.of(files, catalog: catalog, settings: settings)
    }

    @Test func theSameFilesAndSettingsGiveTheSameStamp() throws {
        let file = TemporaryFile(Self.ratings)
        defer { file.remove() }
        let first = try #require(Self.stamp([InputFile(path: file.path)]))
        #expect(Self.stamp([InputFile(path: file.path)]) == first)
        #expect(first.value.count == 16 && first.value.allSatisfy(\.isHexDigit))
    }

    @Test func oneChangedByteChangesIt() throws {
        let file = TemporaryFile(Self.ratings)
        defer { file.remove() }
        let before = Self.stamp([InputFile(path: file.path)])
        try Data(Self.ratings.replacingOccurrences(of: "u2,b1,3", with: "u2,b1,4").utf8).write(
            to: URL(fileURLWithPath: file.path))
        #expect(Self.stamp([InputFile(path: file.path)]) != before)
        #expect(before != nil)
    }

    @Test func everyIngestSettingChangesIt() throws {
        let file = TemporaryFile(Self.ratings)
        defer { file.remove() }
        let files = [InputFile(path: file.path)]
        let stamps = [
            Self.stamp(files),
            Self.stamp(files, format: .ratingsCSV),
            Self.stamp(files, columns: ColumnMap(user: "user", item: "item", rating: "rating")),
            Self.stamp(files, ratingScale: RatingScale(minimum: 1, maximum: 10)),
            Self.stamp(files, catalog: InputFile(path: file.path)),
        ]
        #expect(stamps.allSatisfy { $0 != nil })
        #expect(Set(stamps.compactMap { $0?.value }).count == stamps.count)
    }

    /// The files' order, paths and members are part of what ingest gives (file
    /// reports, readers' names), so they are part of the stamp too.
    @Test func orderPathsAndMembersChangeIt() throws {
        let a = TemporaryFile(Self.ratings)
        let b = TemporaryFile(Self.ratings)
        defer { [a, b].forEach { $0.remove() } }
        var renamed = InputFile(path: a.path)
        renamed.member = "someone-else"
        let stamps = [
            Self.stamp([InputFile(path: a.path), InputFile(path: b.path)]),
            Self.stamp([InputFile(path: b.path), InputFile(path: a.path)]),
            Self.stamp([InputFile(path: a.path)]),
            Self.stamp([renamed]),
            Self.stamp([InputFile(path: a.path, memberFolder: "/tmp/club/alice")]),
        ]
        #expect(stamps.allSatisfy { $0 != nil })
        #expect(Set(stamps.compactMap { $0?.value }).count == stamps.count)
    }

    @Test func aFileThatCannotBeReadHasNoStamp() throws {
        let file = TemporaryFile(Self.ratings)
        defer { file.remove() }
        #expect(Self.stamp([InputFile(path: file.path), InputFile(path: file.path + ".missing")]) == nil)
    }

    /// An empty member folder is an input too (ingest reports it as giving nothing).
    @Test func anEmptyMemberFolderHasAStamp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = InputFile(path: folder.path, memberFolder: folder.path)
        #expect(Self.stamp([empty]) != nil)
        #expect(Self.stamp([empty]) == Self.stamp([empty]))
    }
}
