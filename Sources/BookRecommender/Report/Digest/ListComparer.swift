/// Marks each reader's new picks and finds the earlier picks they have read
/// or shelved since (see `ReaderChanges`), reader by reader as the report
/// stage builds their picks.
struct ListComparer: Sendable {
    let lastDigest: LastDigest
    let previous: PreviousLists?
    /// Item key → the run's own item index, for earlier picks that left a list.
    private let itemIndex: [String: Int32]
    private let items: [ItemInfo]

    /// - Parameters:
    ///   - itemKeys: the run's item keys, by its own item index.
    ///   - items: what the run knows of each book (titles), same index.
    init(lastDigest: LastDigest, previous: PreviousLists?, itemKeys: [String], items: [ItemInfo]) {
        self.lastDigest = lastDigest
        self.previous = lastDigest.kind == .compared ? previous : nil
        itemIndex =
            self.previous == nil
            ? [:] : Dictionary(itemKeys.enumerated().map { ($1, Int32($0)) }) { first, _ in first }
        self.items = items
    }

    /// Marks `user`'s new picks and returns what changed for them: an earlier
    /// pick the reader has since rated, read or borrowed is `read`; one they
    /// have shelved otherwise (to-read, reading, without stars) is `shelved`.
    /// - Parameter rows: the run's readers in its own item numbering; `reader` is `user`'s row.
    func compare(_ user: inout UserPicks, in rows: ReaderRows, reader: Int) -> ReaderChanges {
        var changes = ReaderChanges(lastDigest: lastDigest)
        guard let previous else { return changes }
        guard let earlier = previous.list(of: user.user) else {
            changes.newMember = true
            return changes
        }
        let before = Set(earlier)
        for index in user.picks.indices { user.picks[index].new = !before.contains(user.picks[index].item) }
        let now = Set(user.picks.map(\.item))
        for key in earlier where !now.contains(key) {
            guard let index = itemIndex[key] else {
                changes.leftOtherwise += 1
                continue
            }
            let book = ReaderChanges.LeftBook(item: key, title: items[Int(index)].title)
            if let entry = Self.entry(of: index, in: rows.byUser, row: reader) {
                switch rows.kind(ofEntry: entry) {
                case nil, .read?, .loan?: changes.read.append(book)
                case .reading?, .toRead?, .unrated?: changes.shelved.append(book)
                }
            } else if Self.entry(of: index, in: rows.shelves, row: reader) != nil {
                changes.shelved.append(book)
            } else {
                changes.leftOtherwise += 1
            }
        }
        return changes
    }

    /// The index of row `row`'s entry for `column` in `matrix`, if it has one.
    private static func entry(of column: Int32, in matrix: SparseRows, row: Int) -> Int? {
        let range = matrix.range(of: row)
        var low = range.lowerBound, high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if matrix.entries[middle].column < column { low = middle + 1 } else { high = middle }
        }
        return low < range.upperBound && matrix.entries[low].column == column ? low : nil
    }
}
