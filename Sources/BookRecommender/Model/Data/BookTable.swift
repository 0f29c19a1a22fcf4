import Foundation

/// The books of one item numbering: each item's key and what ingest knows of
/// it, and the key order that breaks ties and finds a key.
struct BookTable: Sendable {
    /// Item keys (ISBN-13, or the format's own id); an item's index is its position.
    let keys: [String]
    /// Per item: ISBN, title, authors, cover.
    let infos: [ItemInfo]
    /// Each item's position in ascending key order.
    let keyRank: [Int32]
    /// The items in ascending key order (the inverse of `keyRank`).
    let itemAtRank: [Int32]

    var count: Int { keys.count }

    /// `keyRank` and `itemAtRank` must be inverse permutations that order `keys`.
    init(keys: [String], infos: [ItemInfo], keyRank: [Int32], itemAtRank: [Int32]) {
        self.keys = keys
        self.infos = infos
        self.keyRank = keyRank
        self.itemAtRank = itemAtRank
    }

    /// The item whose key is `key`, by binary search in key order; nil when there is none.
    /// - Complexity: O(log n) string comparisons.
    func item(forKey key: String) -> Int32? {
        Self.find(key, in: keys, order: itemAtRank)
    }

    /// The item a caller names: by its key as given, else by the key ingest
    /// makes of the text (an ISBN-10 or a damaged ISBN becomes its ISBN-13).
    func item(named text: String) -> Int32? {
        if let item = item(forKey: text) { return item }
        let ref = BookRef(isbnField: text.trimmingCharacters(in: .whitespaces))
        guard let key = ref.isbn13 ?? ref.localID, key != text else { return nil }
        return item(forKey: key)
    }
}

extension BookTable {
    /// The indices of `strings` in ascending order (ties by index): the order
    /// `find` searches and the tie-breaker everywhere.
    /// - Complexity: O(n log n) string comparisons.
    static func order(of strings: [String]) -> [Int32] {
        (0..<strings.count).sorted { strings[$0] < strings[$1] || (strings[$0] == strings[$1] && $0 < $1) }
            .map { Int32($0) }
    }

    /// The index of `key` in `strings`, whose ascending order is `order`; nil when absent.
    /// - Complexity: O(log n) string comparisons.
    static func find(_ key: String, in strings: [String], order: [Int32]) -> Int32? {
        var (low, high) = (0, order.count)
        while low < high {
            let middle = (low + high) / 2
            let candidate = strings[Int(order[middle])]
            if candidate == key { return order[middle] }
            if candidate < key { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The inverse of the permutation `order`.
    static func ranks(of order: [Int32]) -> [Int32] {
        var rank = [Int32](repeating: 0, count: order.count)
        for (position, item) in order.enumerated() { rank[Int(item)] = Int32(position) }
        return rank
    }
}
