import Testing

@testable import BookRecommender

@Suite struct ColumnMapTests {
    @Test func parsesAllThreeInAnyOrder() {
        #expect(
            ColumnMap(parsing: "rating=r,user=userId,item=movieId")
                == ColumnMap(user: "userId", item: "movieId", rating: "r"))
    }

    @Test(arguments: [
        "", "user=a,item=b", "user=a,item=b,rating=", "user=a,item=b,rating=c,user=d", "who=a,item=b,rating=c",
    ])
    func rejectsIncompleteOrUnknown(_ text: String) {
        #expect(ColumnMap(parsing: text) == nil)
    }
}

@Suite struct RatingScaleTests {
    @Test func tenPointScaleIsHalved() {
        #expect(RatingScale.tenPoints.normalize(10) == 5)
        #expect(RatingScale.tenPoints.normalize(1) == 0.5)
        #expect(RatingScale.tenPoints.normalize(0) == nil)
        #expect(RatingScale.tenPoints.normalize(11) == nil)
    }

    @Test func fiveStarScaleKeepsQuarterStars() {
        #expect(RatingScale.fiveStars.normalize(3.75) == 3.75)
        #expect(RatingScale.fiveStars.normalize(5.5) == nil)
        #expect(RatingScale.fiveStars.normalize(.nan) == nil)
    }
}
