/// A stable counting sort by a small integer key, run on several workers:
/// the input is cut into slices, each worker counts and then places one
/// slice's elements behind those of the slices before it, so the result is
/// the same for any thread count.
///
/// With many keys (a million books) placing each element straight at its
/// key's next slot writes to as many places at once as there are keys, and
/// nearly every write misses the cache. So above `bucketedKeys` the elements
/// are placed in two passes: first into buckets of `1 << bucketShift` keys
/// (about a thousand places written at once, each bucket already at its final
/// range of the output), then each bucket in turn sorted by key within that
/// range, in cache. Both passes keep emission order within a key, so the
/// result is the same either way.
enum CountingSort {
    /// Sorts what `visit` emits by key, keeping emission order within a key.
    ///
    /// `visit` is called twice for each slice (once to count, once to place)
    /// and must emit the same `(key, element)` pairs in the same order both
    /// times, every key below `keyCount`.
    /// - Returns: `offsets` (the elements of key `k` are at `offsets[k]..<offsets[k + 1]`)
    ///   and the sorted elements.
    /// - Complexity: O(n + slices · keyCount) time, O(slices · keyCount) extra memory,
    ///   and n 2-byte keys with the largest bucket's elements when bucketed.
    @inline(__always)
    static func sort<Element: BitwiseCopyable>(
        slices: [Range<Int>], keyCount: Int, threads: Int,
        visit: @Sendable (Range<Int>, (_ key: Int32, _ element: Element) -> Void) -> Void
    ) -> (offsets: [Int32], elements: [Element]) {
        // counts[s * keyCount + k]: slice s's count of key k.
        var counts = [Int32](repeating: 0, count: slices.count * keyCount)
        counts.withUnsafeMutableBufferPointer { buffer in
            let out = SendableBuffer(buffer)
            forEachSlice(slices.count, threads: threads) { slice in
                let base = slice * keyCount
                visit(slices[slice]) { key, _ in out[base + Int(key)] += 1 }
            }
        }
        var offsets = [Int32](repeating: 0, count: keyCount + 1)
        for key in 0..<keyCount {
            var total = offsets[key]
            for slice in slices.indices { total += counts[slice * keyCount + key] }
            offsets[key + 1] = total
        }
        let elements =
            keyCount > bucketedKeys
            ? placeThroughBuckets(slices: slices, counts: counts, offsets: offsets, threads: threads, visit: visit)
            : placeDirectly(slices: slices, counts: counts, offsets: offsets, threads: threads, visit: visit)
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
    /// Up to this many keys, each slice's cursors (4 bytes a key) stay in a core's cache.
    private static let bucketedKeys = 1 << 16
    /// log2 of the keys per bucket: the fewest that keep the buckets to 1,024,
    /// but never more than a `UInt16` key within the bucket holds (so past
    /// 2^26 keys there are more buckets).
    static func bucketShift(keyCount: Int) -> Int {
        min(UInt16.bitWidth, max(0, Int.bitWidth - (keyCount - 1).leadingZeroBitCount - 10))
    }

    /// Calls `body` with the index of each of `count` slices, one slice at a time per worker.
    @inline(__always)
    private static func forEachSlice(_ count: Int, threads: Int, _ body: @Sendable (_ slice: Int) -> Void) {
        Parallel.forEachWorker(count: count, blockSize: 1, threads: threads) { _, work in
            for block in work { body(block.index) }
        }
    }

    /// Places each element at its key's next slot: slice s's elements of key
    /// k go behind those of the slices before it.
    @inline(__always)
    private static func placeDirectly<Element: BitwiseCopyable>(
        slices: [Range<Int>], counts: [Int32], offsets: [Int32], threads: Int,
        visit: @Sendable (Range<Int>, (_ key: Int32, _ element: Element) -> Void) -> Void
    ) -> [Element] {
        let keyCount = offsets.count - 1
        // cursors[s * keyCount + k]: where slice s's next key-k element goes.
        var cursors = counts
        for key in 0..<keyCount {
            var next = offsets[key]
            for slice in slices.indices {
                let count = cursors[slice * keyCount + key]
                cursors[slice * keyCount + key] = next
                next += count
            }
        }
        let total = Int(offsets[keyCount])
        return [Element](unsafeUninitializedCapacity: total) { buffer, count in
            let out = SendableBuffer(buffer)
            cursors.withUnsafeMutableBufferPointer { cursorBuffer in
                let cursor = SendableBuffer(cursorBuffer)
                forEachSlice(slices.count, threads: threads) { slice in
                    let base = slice * keyCount
                    visit(slices[slice]) { key, element in
                        out.initialize(Int(cursor[base + Int(key)]), to: element)
                        cursor[base + Int(key)] += 1
                    }
                }
            }
            count = total
        }
    }

    /// Places each element in its bucket's range of the output (slice s's
    /// behind those of the slices before it), noting its key within the
    /// bucket, then sorts each bucket's range by that key through a copy.
    @inline(__always)
    private static func placeThroughBuckets<Element: BitwiseCopyable>(
        slices: [Range<Int>], counts: [Int32], offsets: [Int32], threads: Int,
        visit: @Sendable (Range<Int>, (_ key: Int32, _ element: Element) -> Void) -> Void
    ) -> [Element] {
        let keyCount = offsets.count - 1
        let shift = bucketShift(keyCount: keyCount)
        let bucketCount = ((keyCount - 1) >> shift) + 1
        let bucketKeys: @Sendable (Int) -> Range<Int> = { ($0 << shift)..<min(keyCount, ($0 + 1) << shift) }
        // cursors[s * bucketCount + b]: where slice s's next bucket-b element goes.
        var cursors = [Int](repeating: 0, count: slices.count * bucketCount)
        for bucket in 0..<bucketCount {
            let keys = bucketKeys(bucket)
            var next = Int(offsets[keys.lowerBound])
            for slice in slices.indices {
                cursors[slice * bucketCount + bucket] = next
                next += counts[slice * keyCount + keys.lowerBound..<slice * keyCount + keys.upperBound].reduce(0) {
                    $0 + Int($1)
                }
            }
        }
        let largestBucket =
            (0..<bucketCount).map { offsets[bucketKeys($0).upperBound] - offsets[bucketKeys($0).lowerBound] }
            .max().map(Int.init) ?? 0
        let total = Int(offsets[keyCount])
        guard total > 0 else { return [] }
        // Each element's key less its bucket's first key.
        var keysInBucket = [UInt16](repeating: 0, count: total)
        return [Element](unsafeUninitializedCapacity: total) { buffer, count in
            let out = SendableBuffer(buffer)
            keysInBucket.withUnsafeMutableBufferPointer { keyBuffer in
                let keyIn = SendableBuffer(keyBuffer)
                cursors.withUnsafeMutableBufferPointer { cursorBuffer in
                    let cursor = SendableBuffer(cursorBuffer)
                    forEachSlice(slices.count, threads: threads) { slice in
                        let base = slice * bucketCount
                        visit(slices[slice]) { key, element in
                            let slot = base + (Int(key) >> shift)
                            let position = cursor[slot]
                            out.initialize(position, to: element)
                            keyIn[position] = UInt16(truncatingIfNeeded: Int(key) & ((1 << shift) - 1))
                            cursor[slot] = position + 1
                        }
                    }
                }
                Parallel.forEachWorker(count: bucketCount, blockSize: 16, threads: threads) { _, work in
                    let copy = ScratchArray<Element>(count: largestBucket, filledWith: out[0])
                    let next = ScratchArray<Int32>(count: 1 << shift, filledWith: 0)
                    for block in work {
                        for bucket in block.range {
                            let keys = bucketKeys(bucket)
                            let range = Int(offsets[keys.lowerBound])..<Int(offsets[keys.upperBound])
                            for key in keys { next[key - keys.lowerBound] = offsets[key] }
                            for position in range { copy[position - range.lowerBound] = out[position] }
                            for position in range {
                                let key = Int(keyIn[position])
                                out[Int(next[key])] = copy[position - range.lowerBound]
                                next[key] += 1
                            }
                        }
                    }
                }
            }
            count = total
        }
    }
}
