import Testing

@testable import BookRecommender

/// Pairs handed between books come back grouped by the book handed to, none
/// lost or repeated, however they were appended (across a chunk's end) and
/// however many workers held them.
@Suite struct HandedPairsTests {
    @Test func rowsHoldEveryPairOfItsBook() {
        let books = 1_000
        var workers = [HandedPairs(), HandedPairs()]
        var expected = [[SparseEntry]](repeating: [], count: books)
        // More pairs than one chunk holds, appended in uneven runs.
        var pairs: [HandedPairs.Pair] = []
        for index in 0..<1_100_000 {
            let pair = HandedPairs.Pair(
                book: Int32(index * 7_919 % books), neighbor: Int32(index % 65_537), value: Float(index % 97))
            pairs.append(pair)
            expected[Int(pair.book)].append(SparseEntry(column: pair.neighbor, value: pair.value))
        }
        var start = 0
        for (run, length) in zip(0..., [3, 700_000, 1, 399_996]) {
            pairs[start..<start + length].withUnsafeBufferPointer { workers[run % 2].append($0) }
            start += length
        }
        #expect(workers[0].count + workers[1].count == pairs.count)
        let rows = [workers[0].takeRows(itemCount: books), workers[1].takeRows(itemCount: books)]
        #expect(rows[0].entryCount + rows[1].entryCount == pairs.count)
        #expect(workers[0].count == 0 && workers[1].count == 0, "nothing is held after")
        for book in 0..<books {
            let row = rows.flatMap { $0.entries[$0.range(of: book)] }
            #expect(Self.sorted(row) == Self.sorted(expected[book]), "book \(book)")
        }
    }

    /// `keepBest` keeps each book's best `neighbors` by similarity, then key
    /// rank (ties included), and raises the bound of each book that has that
    /// many to the last of them, never lowering a higher one; the same when
    /// the pairs come in runs with a trim after each, as a worker trims them.
    @Test(arguments: [1, 2, 3])
    func keepBestKeepsEachBooksBestAndRaisesItsBound(runs: Int) {
        let (books, neighbors) = (50, 5)
        let keyRank = Self.backwardKeyRank(books: books)
        let pairs = Self.pairs(books: books, seed: 27)
        let initial = (0..<books).map { $0 == 8 ? Float(2) : Float(0.1) }
        let floors = BookFloors(initial, threshold: 0)
        var handed = HandedPairs()
        for run in 0..<runs {
            pairs[pairs.count * run / runs..<pairs.count * (run + 1) / runs].withUnsafeBufferPointer {
                handed.append($0)
            }
            handed.keepBest(neighbors: neighbors, keyRank: keyRank, floors: floors.values, itemCount: books)
        }

        let keptCount = handed.count
        let rows = handed.takeRows(itemCount: books)
        #expect(keptCount == rows.entryCount)
        for book in 0..<books {
            let best = Self.best(neighbors, of: pairs.filter { $0.book == book }, keyRank: keyRank)
            let kept = rows.entries[rows.range(of: book)]
            #expect(
                Set(kept.map(\.column)) == Set(best.map(\.neighbor)) && kept.count == best.count, "book \(book)")
            let bound = best.count == neighbors ? max(initial[book], best.last!.value) : initial[book]
            #expect(floors.values[book] == bound, "book \(book)")
        }
        #expect(rows.range(of: 8).count == neighbors && floors.values[8] == 2, "a higher bound stays")
    }

    /// Pairs handed after a trim come back beside those it kept, untrimmed.
    @Test func takeRowsHoldsWhatATrimKeptAndEveryPairHandedAfter() {
        let (books, neighbors) = (50, 3)
        let keyRank = Self.backwardKeyRank(books: books)
        let (first, second) = (Self.pairs(books: books, seed: 5), Self.pairs(books: books, seed: 6))
        let floors = BookFloors([Float](repeating: 0, count: books), threshold: 0)
        var handed = HandedPairs()
        first.withUnsafeBufferPointer { handed.append($0) }
        handed.keepBest(neighbors: neighbors, keyRank: keyRank, floors: floors.values, itemCount: books)
        second.withUnsafeBufferPointer { handed.append($0) }
        let rows = handed.takeRows(itemCount: books)
        #expect(handed.count == 0)
        for book in 0..<books {
            let expected =
                Self.best(neighbors, of: first.filter { $0.book == book }, keyRank: keyRank)
                + second.filter { $0.book == book }
            #expect(
                Self.sorted(rows.entries[rows.range(of: book)])
                    == Self.sorted(expected.map { SparseEntry(column: $0.neighbor, value: $0.value) }),
                "book \(book)")
        }
    }

    /// Books numbered backwards by key, so a tie goes to the higher number.
    private static func backwardKeyRank(books: Int) -> [Int32] {
        (0..<books).map { Int32(books - 1 - $0) }
    }

    /// Book b has up to b % 9 pairs (fewer than a few neighbours for some),
    /// with values in quarter steps, so ties occur.
    private static func pairs(books: Int, seed: UInt64) -> [HandedPairs.Pair] {
        var generator = SeededRandom(seed: seed)
        var pairs: [HandedPairs.Pair] = []
        for book in 0..<books {
            for neighbor in (0..<books).shuffled(using: &generator).prefix(book % 9) where neighbor != book {
                let value = Float(Int.random(in: 1...4, using: &generator)) / 4
                pairs.append(HandedPairs.Pair(book: Int32(book), neighbor: Int32(neighbor), value: value))
            }
        }
        return pairs
    }

    /// The best `neighbors` of one book's `pairs`, by value, then key rank.
    private static func best(_ neighbors: Int, of pairs: [HandedPairs.Pair], keyRank: [Int32]) -> [HandedPairs.Pair] {
        Array(
            pairs.sorted {
                ($0.value, -keyRank[Int($0.neighbor)]) > ($1.value, -keyRank[Int($1.neighbor)])
            }.prefix(neighbors))
    }

    private static func sorted(_ entries: some Sequence<SparseEntry>) -> [UInt64] {
        entries.map { UInt64(UInt32(bitPattern: $0.column)) << 32 | UInt64($0.value.bitPattern) }.sorted()
    }

    /// `SparseRows.transposedPositions` points each entry of the transpose's
    /// rows it is asked for at the same entry of the rows, and holds no other.
    @Test(arguments: [0..<4, 1..<3, 3..<4, 2..<2])
    func transposedPositionsPointAtTheSameEntry(columns: Range<Int>) {
        let entries = [2, 0, 1, 3, 0, 3].map { SparseEntry(column: Int32($0), value: Float($0) + 0.5) }
        let rows = SparseRows(offsets: [0, 2, 2, 4, 6], entries: entries)
        let transposed = rows.transposed(columnCount: 4)
        let positions = rows.transposedPositions(of: columns)
        let first = Int(transposed.offsets[columns.lowerBound])
        #expect(positions.count == Int(transposed.offsets[columns.upperBound]) - first)
        for column in columns {
            for slot in transposed.range(of: column) {
                let position = Int(positions[slot - first])
                #expect(rows.entries[position].column == Int32(column))
                #expect(rows.range(of: Int(transposed.entries[slot].column)).contains(position))
            }
        }
    }
}
