/// A view of a preallocated buffer that concurrent workers write through, each
/// to its own disjoint slots.
///
/// This is the model's one `@unchecked Sendable` type. It is sound only while
/// the buffer outlives the workers (callers create it inside
/// `withUnsafeMutableBufferPointer`) and no two workers touch the same slot.
struct SendableBuffer<Element>: @unchecked Sendable {
    private let base: UnsafeMutableBufferPointer<Element>

    init(_ base: UnsafeMutableBufferPointer<Element>) {
        self.base = base
    }

    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }

    /// Initializes the uninitialized slot `index` with `value`.
    func initialize(_ index: Int, to value: Element) {
        base.initializeElement(at: index, to: value)
    }

    /// The slots `range`, for a worker that owns all of them.
    func slots(_ range: Range<Int>) -> UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(rebasing: base[range])
    }
}
