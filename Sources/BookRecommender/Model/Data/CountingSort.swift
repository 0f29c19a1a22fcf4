/// A stable counting sort by a small integer key, run on several workers:
/// the input is cut into slices, each worker counts and then places one
/// slice's elements behind those of the slices before it, so the result is
/// the same for any thread count.
enum CountingSort {
    /// Sorts what `visit` emits by key, keeping emission order within a key.
    ///
    /// `visit` is called twice for each slice (once to count, once to place)
    /// and must emit the same `(key, element)` pairs in the same order both
    /// times, every key below `keyCount`.
    /// - Returns: `offsets` (the elements of key `k` are at `offsets[k]..<offsets[k + 1]`)
    ///   and the sorted elements.
    /// - Complexity: O(n + slices · keyCount) time, O(slices · keyCount) extra memory.
    @inline(__always)
    static func sort<Element: BitwiseCopyable>(
        slices: [Range<Int>], keyCount: Int, threads: Int,
        visit: @Sendable (Range<Int>, (_ key: Int32, _ element: Element) -> Void) -> Void
    ) -> (offsets: [Int32], elements: [Element]) {
        // cursors[s * keyCount + k]: first slice s's count of key k, then where its next key-k element goes.
        var cursors = [Int32](repeating: 0, count: slices.count * keyCount)
        cursors.withUnsafeMutableBufferPointer { buffer in
            let out = SendableBuffer(buffer)
            Parallel.forEachWorker(count: slices.count, blockSize: 1, threads: threads) { _, work in
                for block in work {
                    let base = block.index * keyCount
                    visit(slices[block.index]) { key, _ in out[base + Int(key)] += 1 }
                }
            }
        }
        var offsets = [Int32](repeating: 0, count: keyCount + 1)
        for key in 0..<keyCount {
            var next = offsets[key]
            for slice in slices.indices {
                let count = cursors[slice * keyCount + key]
                cursors[slice * keyCount + key] = next
                next += count
            }
            offsets[key + 1] = next
        }
        let total = Int(offsets[keyCount])
        let elements = [Element](unsafeUninitializedCapacity: total) { buffer, count in
            let out = SendableBuffer(buffer)
            cursors.withUnsafeMutableBufferPointer { cursorBuffer in
                let cursor = SendableBuffer(cursorBuffer)
                Parallel.forEachWorker(count: slices.count, blockSize: 1, threads: threads) { _, work in
                    for block in work {
                        let base = block.index * keyCount
                        visit(slices[block.index]) { key, element in
                            out.initialize(Int(cursor[base + Int(key)]), to: element)
                            cursor[base + Int(key)] += 1
                        }
                    }
                }
            }
            count = total
        }
        return (offsets, elements)
    }

    /// `0..<count` cut into about `threads` slices of nearly equal size (one when `count` is small).
    static func evenSlices(count: Int, threads: Int) -> [Range<Int>] {
        let sliceCount = max(1, min(threads, count / minimumSlice))
        return (0..<sliceCount).map { slice in
            count * slice / sliceCount..<count * (slice + 1) / sliceCount
        }
    }

    /// Below this many elements per slice, splitting costs more than it saves.
    private static let minimumSlice = 1 << 16
}
