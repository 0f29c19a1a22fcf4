/// Books that are editions of one work: two or more items with one title and
/// first author (`TitleKey`) under different ISBNs, which `SameBookJoin`
/// keeps as separate items. The scorer treats a work's editions as one book:
/// a reader who has one edition is never offered another, even when the
/// model was trained on other readers (`--model`, `BookModel.recommend(ratings:)`),
/// and no list holds two editions of one work.
struct Editions: Sendable {
    /// Per item: its work's index, or -1 for a book with no other edition;
    /// empty when no book has another edition.
    let workOf: [Int32]
    /// The items of work `w` are `items[offsets[w]..<offsets[w + 1]]`, ascending.
    private let offsets: [Int32]
    private let items: [Int32]

    static let none = Editions(workOf: [], offsets: [0], items: [])

    private init(workOf: [Int32], offsets: [Int32], items: [Int32]) {
        self.workOf = workOf
        self.offsets = offsets
        self.items = items
    }

    /// The editions among the books `infos` describe (one per item).
    init(infos: [ItemInfo]) {
        let groups = TitleKey.groups(infos).values.filter { $0.count > 1 }
        self.init(groups: groups.map { $0.map(Int32.init) }, itemCount: infos.count)
    }

    /// Works of two or more `groups` of items below `itemCount`, numbered in
    /// the order of their smallest item, whatever the order of `groups`.
    init(groups: [[Int32]], itemCount: Int) {
        let works = groups.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
        guard !works.isEmpty else {
            self = .none
            return
        }
        var workOf = [Int32](repeating: -1, count: itemCount)
        var offsets: [Int32] = [0]
        var items: [Int32] = []
        for (work, group) in works.enumerated() {
            for item in group { workOf[Int(item)] = Int32(work) }
            items += group
            offsets.append(Int32(items.count))
        }
        self.init(workOf: workOf, offsets: offsets, items: items)
    }

    var isEmpty: Bool { items.isEmpty }

    /// The number of works with more than one edition.
    var workCount: Int { offsets.count - 1 }

    /// The editions of work `work`.
    func items(of work: Int32) -> ArraySlice<Int32> {
        items[Int(offsets[Int(work)])..<Int(offsets[Int(work) + 1])]
    }
}
