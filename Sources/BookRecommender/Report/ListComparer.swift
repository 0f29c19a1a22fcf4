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

    /// Marks `user`'s new picks and returns what changed for them.
    /// - Parameters:
    ///   - rated: the reader's rated books, by the run's item index, ascending.
    ///   - shelved: the reader's shelved books, the same way.
    func compare(
        _ user: inout UserPicks, rated: ArraySlice<SparseEntry>, shelved: ArraySlice<SparseEntry>
    ) -> ReaderChanges {
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
            if Self.holds(rated, index) {
                changes.read.append(book)
            } else if Self.holds(shelved, index) {
                changes.shelved.append(book)
            } else {
                changes.leftOtherwise += 1
            }
        }
        return changes
    }

    /// Whether `row` (sorted by column) has `column`.
    private static func holds(_ row: ArraySlice<SparseEntry>, _ column: Int32) -> Bool {
        var low = row.startIndex, high = row.endIndex
        while low < high {
            let middle = (low + high) / 2
            if row[middle].column < column { low = middle + 1 } else { high = middle }
        }
        return low < row.endIndex && row[low].column == column
    }
}
