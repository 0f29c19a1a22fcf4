extension LostZeroKeys {
    /// Chooses a reading for every key two readings fit, once every file is
    /// read, and gives its ratings and shelf entries to that book: the
    /// zeros-only reading when a file that holds the key keeps its `X` keys
    /// whole; else the one of the two the run holds whole, when only one is;
    /// else the key stays as it was read, and counts as unrepairable.
    /// - Parameter files: each input file's keys, in order; nil for a file whose reader notes none.
    /// - Returns: each file's counts, in the same order.
    /// - Complexity: O(books + ratings + shelf entries) when a key is chosen;
    ///   O(files) when no file holds a key two readings fit.
    static func resolve(
        _ files: [LostZeroKeys?], data: inout RatingData, items: inout [ItemInfo], catalog: Catalog
    ) -> [ISBNRepairs?] {
        let chosen = choose(files, itemKeys: data.itemKeys, catalog: catalog)
        if !chosen.isEmpty { rekey(chosen, data: &data, items: &items, catalog: catalog) }
        return files.map { file in
            file.map { file in
                let resolved = file.twoReadings.keys.filter { chosen[$0] != nil }.count
                return ISBNRepairs(
                    repaired: file.repaired.count + resolved,
                    unrepairable: file.beyondRepair.count + file.twoReadings.count - resolved,
                    zeroAndXKept: file.keepsZeroAndX)
            }
        }
    }

    /// The ISBN-13 chosen for each item key two readings fit, where the evidence chooses one.
    private static func choose(
        _ files: [LostZeroKeys?], itemKeys: [String], catalog: Catalog
    ) -> [String: String] {
        let files = files.compactMap { $0 }.filter { !$0.twoReadings.isEmpty }
        guard !files.isEmpty else { return [:] }
        var chosen: [String: String] = [:]
        for file in files where file.keepsZeroAndX {
            for (key, readings) in file.twoReadings { chosen[key] = readings.zeros }
        }
        let wanted = Set(files.flatMap { $0.twoReadings.values.flatMap { [$0.zeros, $0.zerosAndX] } })
        let held = Set(itemKeys.lazy.filter(wanted.contains))
        func isHeld(_ isbn: String) -> Bool { held.contains(isbn) || catalog.entry(forItemKey: isbn) != nil }
        for file in files {
            for (key, readings) in file.twoReadings where chosen[key] == nil {
                switch (isHeld(readings.zeros), isHeld(readings.zerosAndX)) {
                case (true, false): chosen[key] = readings.zeros
                case (false, true): chosen[key] = readings.zerosAndX
                default: break
                }
            }
        }
        return chosen
    }

    /// Gives each item of `chosen`'s keys its ISBN-13: joined to the item that
    /// has it already, else renamed (with the catalog's title, authors and cover).
    private static func rekey(
        _ chosen: [String: String], data: inout RatingData, items: inout [ItemInfo], catalog: Catalog
    ) {
        var index: [String: Int] = [:]
        let wanted = Set(chosen.keys).union(chosen.values)
        for (item, key) in data.itemKeys.enumerated() where wanted.contains(key) { index[key] = item }
        var target = Array(items.indices)
        // In key order, so that two keys of one book always join the same way.
        for (key, isbn) in chosen.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            guard let item = index[key] else { continue }
            if let holder = index[isbn] {
                target[item] = holder
                continue
            }
            index[isbn] = item
            data.itemKeys[item] = isbn
            items[item].isbn13 = isbn
            if let entry = catalog.entry(forItemKey: isbn) {
                items[item].title = entry.title
                items[item].authors = entry.authors
                items[item].imageURL = entry.imageURL
            }
        }
        if target.indices.contains(where: { target[$0] != $0 }) {
            SameBookJoin.merge(&data, items: &items, into: target)
        }
    }
}
