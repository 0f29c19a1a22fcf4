import Testing

@testable import BookRecommender

@Suite struct ColumnMapTests {
    @Test func parsesAllThreeInAnyOrder() {
        #expect(
            ColumnMap(parsing: "rating=r,user=userId,item=movieId")
                == ColumnMap(user: "userId", item: "movieId", rating: "r"))
    }

    /// Without `rating=` the file is one of interactions; `count=` and `date=` are optional too.
    @Test func parsesAFileOfInteractions() {
        #expect(ColumnMap(parsing: "user=a,item=b") == ColumnMap(user: "a", item: "b"))
        #expect(ColumnMap(parsing: "user=a,item=b")?.rating == nil)
        #expect(
            ColumnMap(parsing: "date=when,COUNT=loans,item=b,user=a")
                == ColumnMap(user: "a", item: "b", count: "loans", date: "when"))
        #expect(ColumnMap(parsing: "user=a,item=b,count=n")?.text == "user=a,item=b,count=n")
    }

    @Test(arguments: [
        "", "item=b", "user=a", "user=a,rating=c", "user=a,item=b,rating=", "user=a,item=b,count=",
        "user=a,item=b,rating=c,user=d", "user=a,item=b,count=c,count=d", "who=a,item=b,rating=c", "user=a,item=b,",
        "user=a,item",
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
