/// Each reader's interactions (books without stars), one entry per book:
/// the records of one reader and book are taken together, loans adding up
/// (`n` loans count `weight · (1 + ln n)`) and otherwise the strongest kind
/// winning (ties to the kind listed first in `InteractionKind`).
struct InteractionRows {
    /// One reader's book: its strength, and its kind (nil: kept out of picks only).
    struct Entry {
        var user: Int32
        var item: Int32
        var strength: Float
        var kind: InteractionKind?
    }

    /// By reader, then book.
    private(set) var entries: [Entry] = []
    private let userCount: Int

    /// Groups the interactions of `data`, sorting them by reader and book.
    /// - Complexity: O(m log m) for m interactions.
    init(_ data: RatingData, weights: InteractionWeights) {
        userCount = data.userCount
        let order = data.shelfUser.indices.sorted { a, b in
            let (ua, ub) = (data.shelfUser[a], data.shelfUser[b])
            return ua != ub
                ? ua < ub : data.shelfItem[a] != data.shelfItem[b] ? data.shelfItem[a] < data.shelfItem[b] : a < b
        }
        var start = 0
        while start < order.count {
            let first = order[start]
            var end = start + 1
            while end < order.count, data.shelfUser[order[end]] == data.shelfUser[first],
                data.shelfItem[order[end]] == data.shelfItem[first]
            {
                end += 1
            }
            entries.append(
                Self.entry(
                    order[start..<end].map { data.shelfTag[$0] }, weights: weights,
                    user: data.shelfUser[first], item: data.shelfItem[first]))
            start = end
        }
    }

    /// The entry of one reader's records of one book (`tags`).
    private static func entry(_ tags: [InteractionTag], weights: InteractionWeights, user: Int32, item: Int32) -> Entry
    {
        var loans: UInt32 = 0
        var best: (strength: Float, kind: InteractionKind)?
        for tag in tags {
            guard let kind = tag.kind else { continue }
            if kind == .loan {
                loans = min(loans &+ tag.count, InteractionTag.maxCount)
                continue
            }
            let strength = weights.strength(of: kind, count: tag.count)
            if best == nil || strength > best!.strength
                || (strength == best!.strength && kind.rawValue < best!.kind.rawValue)
            {
                best = (strength, kind)
            }
        }
        if loans > 0 {
            let strength = weights.strength(of: .loan, count: loans)
            if best == nil || strength > best!.strength { best = (strength, .loan) }
        }
        guard let best, best.strength > 0 else { return Entry(user: user, item: item, strength: 0, kind: nil) }
        return Entry(user: user, item: item, strength: best.strength, kind: best.kind)
    }

    /// The readers' rows: `rated` (star ratings, by reader) with every
    /// interaction of a book the reader did not rate, and the books that are
    /// only kept out of picks.
    func merged(with rated: SparseRows) -> (byUser: SparseRows, kinds: [UInt8], shelves: SparseRows) {
        var offsets = [Int32](repeating: 0, count: userCount + 1)
        var shelfOffsets = [Int32](repeating: 0, count: userCount + 1)
        var rows: [SparseEntry] = []
        var kinds: [UInt8] = []
        var shelves: [SparseEntry] = []
        rows.reserveCapacity(rated.entryCount + entries.count)
        kinds.reserveCapacity(rated.entryCount + entries.count)
        var next = 0
        for user in 0..<userCount {
            let ratings = rated.range(of: user)
            var ratingIndex = ratings.lowerBound
            while next < entries.count, Int(entries[next].user) == user {
                let entry = entries[next]
                next += 1
                while ratingIndex < ratings.upperBound, rated.entries[ratingIndex].column < entry.item {
                    rows.append(rated.entries[ratingIndex])
                    kinds.append(0)
                    ratingIndex += 1
                }
                if ratingIndex < ratings.upperBound, rated.entries[ratingIndex].column == entry.item { continue }
                if let kind = entry.kind {
                    rows.append(SparseEntry(column: entry.item, value: entry.strength))
                    kinds.append(kind.rawValue)
                } else {
                    shelves.append(SparseEntry(column: entry.item, value: 0))
                }
            }
            for index in ratingIndex..<ratings.upperBound {
                rows.append(rated.entries[index])
                kinds.append(0)
            }
            offsets[user + 1] = Int32(rows.count)
            shelfOffsets[user + 1] = Int32(shelves.count)
        }
        return (
            SparseRows(offsets: offsets, entries: rows), kinds.contains { $0 != 0 } ? kinds : [],
            SparseRows(offsets: shelfOffsets, entries: shelves)
        )
    }
}
