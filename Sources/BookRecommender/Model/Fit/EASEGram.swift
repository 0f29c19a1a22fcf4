/// The Gram matrix `XᵀX` of the EASE strengths over the books EASE models,
/// dense, one row per modelled book, each cell summed in ascending reader
/// order by the one worker that owns its row, so it is the same bit for bit
/// whatever the thread count.
struct EASEGram: Sendable {
    /// The modelled books (item indices, ascending): those with at least `LocalEASE.minimumReaders` readers.
    let items: [Int32]
    /// Per item index, its position in `items`, or -1.
    let position: [Int32]
    /// `items.count²` cells, row-major.
    let cells: [Float]
    /// The mean of `x²` over every reader's book, for the ridge `λ`.
    let meanSquare: Double

    var count: Int { items.count }

    /// - Complexity: O(Σ over readers of (their modelled books)²) time on
    ///   `threads` workers; `4 · count²` bytes.
    init(matrix: RatingMatrix, threads: Int) {
        var position = [Int32](repeating: -1, count: matrix.itemCount)
        var items: [Int32] = []
        for item in 0..<matrix.itemCount where matrix.byItem.range(of: item).count >= LocalEASE.minimumReaders {
            position[item] = Int32(items.count)
            items.append(Int32(item))
        }
        let n = items.count
        var squares: Double = 0
        for entry in matrix.byUser.entries {
            let x = Double(LocalEASE.strength(entry.value))
            squares += x * x
        }
        meanSquare = matrix.byUser.entryCount > 0 ? squares / Double(matrix.byUser.entryCount) : 1
        let (byUser, byItem) = (matrix.byUser, matrix.byItem)
        let positions = position
        let modelled = items
        cells = [Float](unsafeUninitializedCapacity: n * n) { buffer, initialized in
            buffer.initialize(repeating: 0)
            let out = SendableBuffer(buffer)
            Parallel.forEachWorker(count: n, blockSize: 8, threads: threads) { _, work in
                for block in work {
                    for row in block.range {
                        let base = row * n
                        for rater in byItem.entries[byItem.range(of: Int(modelled[row]))] {
                            let xa = LocalEASE.strength(rater.value)
                            for entry in byUser.entries[byUser.range(of: Int(rater.column))] {
                                let column = positions[Int(entry.column)]
                                guard column >= 0 else { continue }
                                out[base + Int(column)] += xa * LocalEASE.strength(entry.value)
                            }
                        }
                    }
                }
            }
            initialized = n * n
        }
        self.items = items
        self.position = position
    }

    @inline(__always)
    subscript(row: Int, column: Int) -> Float { cells[row * count + column] }
}
