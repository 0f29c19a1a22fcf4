import Foundation
import Testing

@testable import BookRecommender

/// `train --part I/N` then `--join` in the library: the joined model's bytes
/// are a single fit's, for both item-item kernels and EASE, for any number
/// of parts; each part computes only its share.
@Suite struct TrainingPartTests {
    /// Dense-kernel data (as in `DenseBlockFinderTests`), sparse-kernel data (many books, few each).
    static let dense = syntheticData(users: 1_500, items: 300, seed: 0xB10C)
    static let sparse = syntheticData(users: 120, items: 2_000, seed: 0x5A55)
    static let trainedAt = Date(timeIntervalSince1970: 1_750_000_000)

    static func ratings(_ data: RatingData) -> Ratings {
        Ratings(data: data, items: data.itemKeys.map { ItemInfo(title: "Title of \($0)") })
    }

    /// Writes every part of `count` into `folder`; returns the paths (last part first) and the parts.
    static func parts(of data: RatingData, _ options: ModelOptions, count: Int, in folder: URL) throws
        -> ([String], [BookModelPart])
    {
        var (paths, parts) = ([String](), [BookModelPart]())
        for index in (0..<count).reversed() {
            let part = try BookModelPart.fit(
                ratings(data), options: options, part: TrainingPart(index: index, count: count))
            let url = folder.appendingPathComponent("\(index).part")
            try part.write(to: url)
            paths.append(url.path)
            parts.append(part)
        }
        return (paths, parts)
    }

    /// `fit` names the data and the similarity: `dense-bm25`, `sparse-cosine`,
    /// `sparse-bm25` (whose selections start at their `ListFloor` bound) or `dense-ease`.
    @Test(arguments: ["dense-bm25", "sparse-cosine", "sparse-bm25", "dense-ease"], [1, 3, 4, 40])
    func joinedPartsAreTheSingleFitByteForByte(fit: String, count: Int) throws {
        let (name, similarity) = (
            String(fit.prefix { $0 != "-" }), Similarity(rawValue: String(fit.drop { $0 != "-" }.dropFirst()))!
        )
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = name == "dense" ? Self.dense : Self.sparse
        let options = options {
            $0.similarity = similarity
            $0.neighbors = 12
            $0.threads = 2
        }
        var single = try BookModel.fit(Self.ratings(data), options: options)
        single.trainedAt = Self.trainedAt
        let (paths, parts) = try Self.parts(of: data, options, count: count, in: folder)
        let kernel = similarity == .ease ? "ease" : similarity == .bm25 && name == "sparse" ? "sparse-once" : name
        #expect(parts[0].layout.kernel == kernel)
        let joined = try BookModelPart.join(paths, trainedAt: Self.trainedAt)
        #expect(single.neighborLinks > 0)
        #expect(try joined.model.encoded() == single.encoded())
        #expect(joined.requestedSimilarity == similarity)
    }

    /// A part computes only the pairs its block finds: finding each book's
    /// whole row from the book (cosine), books outside the block get no
    /// candidates from it; finding each pair once from its upper book (BM25),
    /// books above the block get none, and books below get those handed to
    /// them. The blocks cover every book.
    @Test(arguments: [Similarity.cosine, .bm25])
    func aPartComputesOnlyThePairsOfItsBlock(similarity: Similarity) throws {
        let options = options {
            $0.similarity = similarity
            $0.neighbors = 12
        }
        var covered = 0
        for index in 0..<4 {
            let part = try BookModelPart.fit(
                Self.ratings(Self.sparse), options: options, part: TrainingPart(index: index, count: 4))
            #expect(part.layout.kernel == (similarity == .bm25 ? "sparse-once" : "sparse"))
            let block = part.layout.items(of: index)
            #expect(block.lowerBound == covered && !block.isEmpty)
            covered = block.upperBound
            let rows = part.model.tables.neighbors
            let below = 0..<block.lowerBound
            let above = block.upperBound..<Self.sparse.itemCount
            #expect(above.allSatisfy { rows.range(of: $0).isEmpty }, "part \(index)")
            #expect(block.contains { !rows.range(of: $0).isEmpty }, "part \(index)")
            if similarity == .bm25 {
                #expect(index == 0 || below.contains { !rows.range(of: $0).isEmpty }, "part \(index)")
            } else {
                #expect(below.allSatisfy { rows.range(of: $0).isEmpty }, "part \(index)")
            }
        }
        #expect(covered == Self.sparse.itemCount)
    }

    /// Without a training time given, the joined model takes the last part's.
    @Test func theJoinTakesTheLastPartsTrainingTime() throws {
        let folder = try ModelFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for index in 0..<3 {
            var part = try BookModelPart.fit(
                Self.ratings(Self.sparse), options: options(), part: TrainingPart(index: index, count: 3))
            part.model.trainedAt = Date(timeIntervalSince1970: [1_000, 3_000, 2_000][index])
            let url = folder.appendingPathComponent("\(index).part")
            try part.write(to: url)
            paths.append(url.path)
        }
        #expect(try BookModelPart.join(paths).model.trainedAt == Date(timeIntervalSince1970: 3_000))
    }

    /// The layout balances the pair updates: cut `k` is the first block
    /// boundary with at least `k / parts` of the work before it.
    @Test func theLayoutCutsTheWorkEvenly() {
        let layout = TrainingPartLayout(
            kernel: "sparse", itemsPerBlock: 2, work: [10, 0, 5, 5, 0, 0, 20, 0], parts: 4)
        #expect(layout.cuts == [0, 1, 2, 4, 4])
        #expect(layout.isWellFormed)
        let uneven = TrainingPartLayout(kernel: "sparse", itemsPerBlock: 1, work: [1, 1, 1, 1, 100], parts: 2)
        #expect(uneven.cuts == [0, 5, 5])
        #expect(uneven.items(of: 1).isEmpty)
        #expect(!TrainingPartLayout(kernel: "sparse", itemsPerBlock: 1, items: 3, cuts: [0, 2, 1, 3]).isWellFormed)
    }

    /// The dense kernel finds a pair from its lower book, the sparse one
    /// once from its upper book, or a book's whole row from the book:
    /// readers {0, 1, 3} and {1, 2} cost books 0–3 the pairs above them, the
    /// pairs below them, or the whole rows they sit in.
    @Test func theWorkCountsThePairsEachKernelMakes() {
        let entries = [0, 1, 3, 1, 2].map { SparseEntry(column: Int32($0), value: 1) }
        let rows = SparseRows(offsets: [0, 3, 5], entries: entries)
        #expect(TrainingPartLayout.work(rows: rows, items: 4, foundFrom: .lowerBook) { _ in 0 } == [2, 2, 0, 0])
        #expect(TrainingPartLayout.work(rows: rows, items: 4, foundFrom: .upperBook) { _ in 0 } == [0, 1, 1, 2])
        #expect(TrainingPartLayout.work(rows: rows, items: 4, foundFrom: .bothBooks) { _ in 1 } == [4, 6, 3, 4])
    }

    /// The sparse kernel also scores each cell it touches: at most one per
    /// pair, and one per book the book can meet (those below it when it
    /// finds each pair once, else every other).
    @Test func theSparseKernelsWorkCountsTheCellsItScores() {
        var once = [5, 5, 1, 9, 0]
        ItemNeighbors.addScoredCells(to: &once, findsEachPairOnce: true)
        #expect(once == [5, 6, 2, 12, 0])
        var both = [5, 5, 1, 9, 0]
        ItemNeighbors.addScoredCells(to: &both, findsEachPairOnce: false)
        #expect(both == [9, 9, 2, 13, 0])
    }
}
