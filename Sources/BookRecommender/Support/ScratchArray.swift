/// A worker's fixed-size, zero-filled scratch array: raw memory owned by one
/// worker, so hot loops write it without copy-on-write or reference counting.
struct ScratchArray<Element: BitwiseCopyable>: ~Copyable {
    let base: UnsafeMutablePointer<Element>
    let count: Int

    init(count: Int, filledWith value: Element) {
        self.count = count
        base = .allocate(capacity: max(1, count))
        base.initialize(repeating: value, count: max(1, count))
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }
}
