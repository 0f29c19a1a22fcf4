import Synchronization

/// Per book, a lower bound on the similarity of the last neighbour it keeps,
/// shared by the sparse kernel's workers: at first the larger of the
/// threshold and the book's `ListFloor` bound; raised (`Values.raise(_:to:)`)
/// to the book's own selection's floor once that is done, and to the worst
/// of the best pairs handed to it (`HandedPairs.keepBest`), since the book's
/// final list holds at least those candidates.
///
/// Finding each pair once, a worker hands a pair to a book it did not find
/// it from only when the pair reaches this bound. Workers read bounds that
/// other workers may be raising: whichever value a read sees is a valid
/// bound, so which pairs are handed over may vary from run to run but the
/// lists kept never do. The values are relaxed atomics for that reason.
final class BookFloors: Sendable {
    /// The bounds themselves, valid while this object lives: a plain
    /// pointer that the kernel's loops keep in a register.
    let values: Values

    /// Every book's bound as `bounds` gives it, raised to `threshold`.
    init(_ bounds: [Float], threshold: Float) {
        let base = UnsafeMutablePointer<Atomic<UInt32>>.allocate(capacity: max(1, bounds.count))
        for (book, bound) in bounds.enumerated() {
            (base + book).initialize(to: Atomic(max(threshold, bound).bitPattern))
        }
        values = Values(base: base, count: bounds.count)
    }

    deinit {
        values.base.deinitialize(count: values.count)
        values.base.deallocate()
    }

    /// A view of the bounds; see `BookFloors`.
    struct Values: @unchecked Sendable {
        fileprivate let base: UnsafeMutablePointer<Atomic<UInt32>>
        fileprivate let count: Int

        /// The bound of `book` as last seen.
        @inline(__always)
        subscript(book: Int) -> Float {
            Float(bitPattern: base[book].load(ordering: .relaxed))
        }

        /// Raises the bound of `book` to `floor`, never lowering it, whichever
        /// workers raise it at once.
        @inline(__always)
        func raise(_ book: Int, to floor: Float) {
            var seen = base[book].load(ordering: .relaxed)
            while floor > Float(bitPattern: seen) {
                let (exchanged, original) = base[book].compareExchange(
                    expected: seen, desired: floor.bitPattern, ordering: .relaxed)
                if exchanged { return }
                seen = original
            }
        }
    }
}
