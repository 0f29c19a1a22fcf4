/// Makes one book of what the inputs named in different ways, once every file
/// is read, so the order of the files never changes the answer.
///
/// Books are grouped by their title + first author key (`TitleKey`). In a
/// group, a book known only by that key (no file gave it an ISBN or catalog
/// id) becomes the group's keyed book with the smallest key: a StoryGraph row
/// without an ISBN joins the Goodreads row of the same book that has one.
/// Several keyed books left in a group are editions of one work (hardcover
/// and paperback ISBNs) and stay separate items, but whoever has one of them
/// gets a shelf entry for each other one, so no edition of a book a reader has
/// is recommended to them.
enum SameBookJoin {
    /// What a join changed.
    struct Summary: Sendable, Equatable, Codable {
        /// Books known only by title and author that joined a keyed book.
        var joined = 0
        /// Shelf entries added for the other editions of a reader's books.
        var editionShelves = 0
    }

    /// Joins the books of `data` (whose `items` describe them).
    /// - Returns: what changed, and the editions left (in the joined numbering)
    ///   for the scorer, which treats them as one book.
    /// - Complexity: O(books + ratings + shelf entries) when no group has two
    ///   books; nothing is touched then.
    static func join(_ data: inout RatingData, items: inout [ItemInfo]) -> (summary: Summary, editions: Editions) {
        let groups = TitleKey.groups(items)
        var summary = Summary()
        var target = Array(0..<items.count)
        var editions: [[Int]] = []
        for (key, members) in groups where members.count > 1 {
            let keyed = members.filter { data.itemKeys[$0] != key }
                .sorted { data.itemKeys[$0].utf8.lexicographicallyPrecedes(data.itemKeys[$1].utf8) }
            guard let canonical = keyed.first else { continue }
            for member in members where data.itemKeys[member] == key {
                target[member] = canonical
                summary.joined += 1
            }
            if keyed.count > 1 { editions.append(keyed) }
        }
        if summary.joined > 0 { merge(&data, items: &items, into: target) }
        guard !editions.isEmpty else { return (summary, .none) }
        let remap = survivorIndices(target)
        let works = editions.map { $0.map { remap[$0] } }
        summary.editionShelves = addEditionShelves(&data, editions: works)
        return (summary, Editions(groups: works, itemCount: items.count))
    }

    /// The new index of every old item once the joined ones are gone (theirs is their target's).
    private static func survivorIndices(_ target: [Int]) -> [Int32] {
        var next: Int32 = 0
        var index = [Int32](repeating: -1, count: target.count)
        for item in target.indices where target[item] == item {
            index[item] = next
            next += 1
        }
        for item in target.indices where target[item] != item { index[item] = index[target[item]] }
        return index
    }

    /// Moves every rating and shelf entry of a joined book to its target and drops the joined books.
    static func merge(_ data: inout RatingData, items: inout [ItemInfo], into target: [Int]) {
        let index = survivorIndices(target)
        for position in data.ratingItem.indices { data.ratingItem[position] = index[Int(data.ratingItem[position])] }
        for position in data.shelfItem.indices { data.shelfItem[position] = index[Int(data.shelfItem[position])] }
        for item in target.indices where target[item] != item && items[target[item]].authors.isEmpty {
            items[target[item]].authors = items[item].authors
        }
        let kept = target.indices.filter { target[$0] == $0 }
        data.itemKeys = kept.map { data.itemKeys[$0] }
        items = kept.map { items[$0] }
    }

    /// Adds a shelf entry for every edition a reader lacks of a work they
    /// have an edition of; returns how many.
    private static func addEditionShelves(_ data: inout RatingData, editions: [[Int32]]) -> Int {
        var workOf: [Int32: Int] = [:]
        for (work, items) in editions.enumerated() { for item in items { workOf[item] = work } }
        var owned: [Int32: [Int: Set<Int32>]] = [:]
        for (users, books) in [(data.ratingUser, data.ratingItem), (data.shelfUser, data.shelfItem)] {
            for (user, item) in zip(users, books) {
                guard let work = workOf[item] else { continue }
                owned[user, default: [:]][work, default: []].insert(item)
            }
        }
        var added = 0
        for user in owned.keys.sorted() {
            guard let works = owned[user] else { continue }
            for work in works.keys.sorted() {
                for item in editions[work] where works[work]?.contains(item) == false {
                    data.shelfUser.append(user)
                    data.shelfItem.append(item)
                    data.shelfTag.append(.otherEdition)
                    added += 1
                }
            }
        }
        return added
    }
}
