/// The column names of a delimited file, looked up case-insensitively.
struct CSVHeader: Sendable, Equatable {
    /// The names as the file spells them (trimmed).
    let names: [String]
    private let folded: [String]
    /// The names lowercased with everything but letters and digits dropped.
    private let squeezed: [String]

    init(_ names: [String]) {
        self.names = names.map { $0.trimmingBlanks() }
        self.folded = self.names.map { $0.lowercased() }
        self.squeezed = folded.map(Self.squeeze)
    }

    /// The number of columns.
    var count: Int { names.count }

    /// The index of the first column named like any of `aliases` (in the
    /// order of `aliases`), ignoring case.
    func index(of aliases: String...) -> Int? { index(ofAny: aliases) }

    /// The index of the first column named like any of `aliases` (in the
    /// order of `aliases`), ignoring case.
    func index(ofAny aliases: [String]) -> Int? {
        for alias in aliases {
            if let found = folded.firstIndex(of: alias.lowercased()) { return found }
        }
        return nil
    }

    /// The index of the first column whose name is like any of `aliases` (in
    /// the order of `aliases`), ignoring case, spaces and punctuation:
    /// `User_id`, `userId` and `user id` are all like `userid`.
    func index(likeAny aliases: [String]) -> Int? {
        for alias in aliases {
            if let found = squeezed.firstIndex(of: Self.squeeze(alias)) { return found }
        }
        return nil
    }

    private static func squeeze(_ name: String) -> String {
        let kept = name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        return String(kept)
    }

    /// True when a column is named `name`, ignoring case.
    func contains(_ name: String) -> Bool { folded.contains(name.lowercased()) }

    /// The names joined for messages: `Book Id, Title, …`.
    var listed: String { names.joined(separator: ", ") }
}

extension String {
    /// The string without leading and trailing spaces, tabs and non-breaking spaces.
    func trimmingBlanks() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
