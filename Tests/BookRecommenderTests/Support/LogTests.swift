import Foundation
import Testing

@testable import BookRecommender

@Suite struct LogTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("input/club/alice.csv", "input/club/alice.csv"),
        ("two words", "\"two words\""),
        ("", "\"\""),
        ("a=b", "\"a=b\""),
        ("say \"hi\"\n", "\"say \\\"hi\\\"\\n\""),
        ("bell\u{7}", "\"bell\\u{7}\""),
    ])
    func valuesStayOnOneLineAndParseBack(value: String, expected: String) {
        #expect(Log.quote(value) == expected)
    }
}

@Suite struct LogFormatTests {
    @Test func aJSONEventIsOneLineOfOneObjectWithTheFieldsInOrder() throws {
        let log = Log(format: .json)
        let line = log.line(
            .warning, "ingest", "file", ["path": "a \"b\"\n.csv", "read": "3"], time: Date(timeIntervalSince1970: 0))
        #expect(!line.contains("\n"))
        #expect(
            line == #"{"time":"1970-01-01T00:00:00.000Z","level":"warning","stage":"ingest","event":"file","#
                + #""path":"a \"b\"\n.csv","read":"3"}"#)
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
        #expect(object?["path"] == "a \"b\"\n.csv")
    }

    @Test func aTextEventIsLogfmt() {
        let line = Log().line(.info, "run", "start", ["name": "two words"], time: Date(timeIntervalSince1970: 0))
        #expect(line == #"time=1970-01-01T00:00:00.000Z level=info stage=run event=start name="two words""#)
    }
}
