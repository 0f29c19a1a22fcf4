import Foundation
import Testing

@testable import BookRecommender

@Suite struct TitleMatchTests {
    @Test(arguments: [
        ("The Hunger Games (The Hunger Games, #1)", "The Hunger Games"),
        ("Harry Potter and the Sorcerer's Stone", "HARRY POTTER & THE SORCERER’S STONE"),
        ("Les Misérables", "Les miserables"),
        ("Foundations of scientific method: the nineteenth century", "Foundations of Scientific Method"),
    ])
    func titlesMatchAfterNormalising(_ wanted: String, _ found: String) {
        let book = BookLookup(key: "k", title: wanted, authors: ["Collins, Suzanne"])
        #expect(TitleMatch.matches(book, volumeTitle: found, volumeAuthors: ["Suzanne Collins"]))
    }

    @Test func rejectsAnotherTitleOrAuthor() {
        let book = BookLookup(key: "k", title: "The Hunger Games", authors: ["Suzanne Collins"])
        #expect(!TitleMatch.matches(book, volumeTitle: "Catching Fire", volumeAuthors: ["Suzanne Collins"]))
        #expect(!TitleMatch.matches(book, volumeTitle: "The Hunger Games", volumeAuthors: ["Jane Collinson"]))
        #expect(!TitleMatch.matches(book, volumeTitle: nil, volumeAuthors: ["Suzanne Collins"]))
        let anonymous = BookLookup(key: "k", title: "The Hunger Games")
        #expect(!TitleMatch.matches(anonymous, volumeTitle: "The Hunger Games", volumeAuthors: ["Suzanne Collins"]))
    }

    @Test func surnamesFromBothNameOrders() {
        #expect(TitleMatch.surname("Collins, Suzanne") == "collins")
        #expect(TitleMatch.surname("J.R.R. Tolkien") == "tolkien")
        #expect(TitleMatch.surname(" ") == nil)
    }
}

@Suite struct SafeLinkTests {
    @Test(arguments: [
        "javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,<b>x</b>", "/books?id=1", "ftp://x.org/a", "",
    ])
    func dropsUnsafeLinks(_ link: String) {
        #expect(SafeLink.web(link) == nil)
        #expect(SafeLink.cover(link) == nil)
    }

    @Test func coverMovesToHTTPSWithoutCurl() {
        let cover = SafeLink.cover(
            "http://books.google.com/books/content?id=kPbzR4LDkAkC&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api"
        )
        #expect(
            cover
                == "https://books.google.com/books/content?id=kPbzR4LDkAkC&printsec=frontcover&img=1&zoom=1&source=gbs_api"
        )
        #expect(SafeLink.web("http://books.google.no/books?id=1") == "http://books.google.no/books?id=1")
    }
}

@Suite struct APIErrorBodyTests {
    @Test func readsTheCurrentShapeAsDailyQuota() throws {
        let body = APIErrorBody(
            data: try EnrichTestSupport.fixture("error_429_rateLimitExceeded_anonymous-daily-quota.json"),
            redacting: nil)
        #expect(body.code == 429)
        #expect(body.status == "RESOURCE_EXHAUSTED")
        #expect(body.reasons == ["rateLimitExceeded", "RATE_LIMIT_EXCEEDED"])
        #expect(body.quotaLimits == ["defaultPerDayPerProject"])
        #expect(body.isDailyQuota)
    }

    @Test func readsTheOlderShape() throws {
        let body = APIErrorBody(data: try EnrichTestSupport.fixture("error_503_backendFailed.json"), redacting: nil)
        #expect(body.code == 503)
        #expect(body.reason == "backendFailed")
        #expect(body.message == "Service temporarily unavailable.")
        #expect(!body.isDailyQuota)
    }

    @Test(arguments: ["", "not json", "[]", #"{"error": "flat"}"#, #"{"error": {"code": "x", "errors": [1]}}"#])
    func toleratesOtherBodies(_ text: String) {
        let body = APIErrorBody(data: Data(text.utf8), redacting: nil)
        #expect(body.code == nil && body.reason == nil && !body.isDailyQuota)
    }

    @Test func detectsDailyLimitExceededAndRedactsTheKey() {
        let text =
            #"{"error": {"code": 403, "message": "Daily Limit for key K123 Exceeded","#
            + #" "errors": [{"reason": "dailyLimitExceeded", "domain": "usageLimits"}]}}"#
        let body = APIErrorBody(data: Data(text.utf8), redacting: "K123")
        #expect(body.isDailyQuota)
        #expect(body.message == "Daily Limit for key <redacted> Exceeded")
    }
}

@Suite struct RetryPolicyTests {
    @Test func fullJitterIsCapped() {
        var options = EnrichOptions()
        options.backoffBase = 1
        options.backoffCap = 8
        let policy = RetryPolicy(options: options)
        #expect(policy.backoff(attempt: 0, jitter: 0.5) == 0.5)
        #expect(policy.backoff(attempt: 2, jitter: 0.5) == 2)
        #expect(policy.backoff(attempt: 10, jitter: 0.5) == 4)
        #expect(policy.backoff(attempt: 3, jitter: 0) == 0)
    }

    @Test func retryAfterInSecondsOrAsAnHTTPDate() {
        #expect(RetryPolicy.retryAfterSeconds(" 3 ") == 3)
        #expect(RetryPolicy.retryAfterSeconds("-1") == nil)
        #expect(RetryPolicy.retryAfterSeconds("3.5") == nil)
        #expect(RetryPolicy.retryAfterSeconds("") == nil)
        #expect(RetryPolicy.retryAfterSeconds(nil) == nil)
        #expect(RetryPolicy.retryAfterSeconds("soon") == nil)
        #expect(RetryPolicy.retryAfterSeconds("99999999999999999999999") == nil)
        // 2015-10-21 07:28:00 GMT is 1445412480 s after 1970.
        let now = Date(timeIntervalSince1970: 1_445_412_480 - 90)
        for form in ["Wed, 21 Oct 2015 07:28:00 GMT", "Wednesday, 21-Oct-15 07:28:00 GMT", "Wed Oct 21 07:28:00 2015"] {
            #expect(RetryPolicy.retryAfterSeconds(form, now: now) == 90, "\(form)")
        }
        #expect(RetryPolicy.retryAfterSeconds("Sun Nov  6 08:49:37 1994", now: now) == 0, "a past date waits nothing")
        #expect(RetryPolicy.retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 PST", now: now) == nil)
    }

    @Test func neverRetriesClientErrors() {
        for status in [400, 401, 403, 404] { #expect(!RetryPolicy.retryableStatuses.contains(status)) }
    }
}

@Suite struct EnrichmentStatusTests {
    @Test(arguments: [
        EnrichmentStatus.ok, .notFound, .failed("HTTP 403: no"), .skipped("offline"),
    ])
    func roundTripsAsOneString(_ status: EnrichmentStatus) throws {
        let data = try JSONEncoder().encode([status])
        #expect(try JSONDecoder().decode([EnrichmentStatus].self, from: data) == [status])
        #expect(EnrichmentStatus(text: status.description) == status)
    }

    @Test func rejectsUnknownText() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([EnrichmentStatus].self, from: Data(#"["maybe"]"#.utf8))
        }
    }
}
