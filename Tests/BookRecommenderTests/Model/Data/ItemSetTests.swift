import Testing

@testable import BookRecommender

@Suite struct ItemSetTests {
    @Test func holdsExactlyItsItems() {
        let set = ItemSet([3, 64, 3, -2, 130])
        #expect(set.count == 3)
        #expect(
            [0, 3, 63, 64, 65, 130, 131, 10_000, -2].map { set.contains($0) }
                == [false, true, false, true, false, true, false, false, false])
    }
}
