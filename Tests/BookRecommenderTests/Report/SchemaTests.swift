import BookRecommenderTestSupport
import Foundation
import Testing

@testable import BookRecommender

/// `schemas/user-report.schema.json` against real report output, and the
/// validator against documents that break each keyword.
@Suite struct SchemaTests {
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("schemas")

    static func load(_ name: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: schemas.appendingPathComponent(name)))
    }

    static func parse(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func everyUserFileAndJSONLLineFollowsTheSchema() throws {
        let validator = JSONSchemaValidator(schema: try Self.load("user-report.schema.json"))
        let folder = try ReportSamples.makeTempFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let users =
            ReportSamples.hostileUsers + ReportSamples.enrichedClub
            + ReportSafetyTests.hostileEnrichedUsers.map {
                var user = $0
                user.user += "+enriched"
                return user
            }
        let files = try ReportWriter(outputFolder: folder).write(users: users, totals: ReportSamples.totals)
        #expect(files.users.count == 23)
        for user in files.users {
            let document = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: user.json))
            #expect(validator.errors(in: document) == [], "\(user.stem)")
        }
        let lines = try String(contentsOf: files.recommendationsJSONL, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == files.users.count + 1)
        #expect(lines.last == "")
        for (line, user) in zip(lines, files.users) {
            let document = try Self.parse(String(line))
            #expect(validator.errors(in: document) == [])
            #expect(document == (try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: user.json))))
        }
    }

    /// A book in `because` (or the reader's list) carries stars or what the
    /// reader did without stars: one of the two, never both or neither.
    @Test(arguments: [
        (#"{"item": "9780441013593", "title": "Dune", "rating": 4.5}"#, true),
        (#"{"item": "9780441013593", "interaction": "loan"}"#, true),
        (#"{"item": "9780441013593", "interaction": "to-read"}"#, true),
        (#"{"item": "9780441013593", "rating": 4, "interaction": "read"}"#, false),
        (#"{"item": "9780441013593"}"#, false),
        (#"{"item": "9780441013593", "interaction": "shelved"}"#, false),
    ])
    func aRatedBookHasARatingOrAnInteraction(_ document: String, _ valid: Bool) throws {
        guard case .object(let root) = try Self.load("user-report.schema.json") else {
            Issue.record("the schema is not an object")
            return
        }
        let ratedBook = JSONSchemaValidator(
            schema: .object(["$defs": root["$defs"] ?? .null, "$ref": .string("#/$defs/ratedBook")]))
        #expect(ratedBook.errors(in: try Self.parse(document)).isEmpty == valid, "\(document)")
    }

    @Test func theSchemasUseOnlyWhatTheValidatorChecks() throws {
        let meta = JSONSchemaValidator(schema: .object([:]))
        for name in ["user-report.schema.json", "summary.schema.json"] {
            let schema = try Self.load(name)
            // An empty document trips every `required` of the root, and only that.
            let errors = JSONSchemaValidator(schema: schema).errors(in: .object([:]))
            #expect(!errors.isEmpty)
            #expect(errors.allSatisfy { $0.hasPrefix("$: missing required property ") }, "\(name): \(errors)")
            #expect(meta.errors(in: schema).isEmpty)
        }
    }

    static let miniSchema = """
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "required": ["n", "tags"],
         "additionalProperties": false,
         "properties": {"n": {"type": "integer", "minimum": 1}, "tags": {"type": "array", "items": {"$ref": "#/$defs/tag"}},
           "kind": {"enum": ["a", "b"]}, "v": {"const": 1}, "map": {"type": "object", "additionalProperties": {"type": "integer"}},
           "maybe": {"type": ["string", "null"]}, "one": {"oneOf": [{"type": "number"}, {"type": "integer"}]}},
         "$defs": {"tag": {"type": "string", "pattern": "^[a-z]+$"}}}
        """

    @Test(arguments: [
        (#"{"n": 1, "tags": ["x"], "kind": "a", "v": 1.0, "map": {"k": 2}, "maybe": null}"#, [String]()),
        (#"{"n": 2.0, "tags": []}"#, []),
        (#"{"n": 1, "tags": [], "one": 1.5}"#, []),
        (#"{"n": 1, "tags": [], "one": 2}"#, ["$.one: matches 2 of the 2 oneOf schemas, expected exactly 1"]),
        (#"{"n": 1, "tags": [], "one": "2"}"#, ["$.one: matches 0 of the 2 oneOf schemas, expected exactly 1"]),
        (#"{"tags": []}"#, ["$: missing required property n"]),
        (#"{"n": "1", "tags": []}"#, ["$.n: expected integer, found string"]),
        (#"{"n": 1.5, "tags": []}"#, ["$.n: expected integer, found number"]),
        (#"{"n": 0, "tags": []}"#, ["$.n: 0 is below the minimum 1.0"]),
        (#"{"n": 1, "tags": ["ok", "Bad"]}"#, [#"$.tags[1]: "Bad" does not match ^[a-z]+$"#]),
        (#"{"n": 1, "tags": [3]}"#, ["$.tags[0]: expected string, found integer"]),
        (#"{"n": 1, "tags": [], "kind": "c"}"#, [#"$.kind: "c" is not one of ["a","b"]"#]),
        (#"{"n": 1, "tags": [], "v": 2}"#, ["$.v: expected 1, found 2"]),
        (#"{"n": 1, "tags": [], "map": {"k": true}}"#, ["$.map.k: expected integer, found boolean"]),
        (#"{"n": 1, "tags": [], "maybe": 3}"#, [#"$.maybe: expected "string" or "null", found integer"#]),
        (#"{"n": 1, "tags": [], "extra": 1}"#, ["$: unexpected property extra"]),
        (#"[1]"#, ["$: expected object, found array"]),
    ])
    func validatorReportsEachBrokenKeyword(_ document: String, _ expected: [String]) throws {
        let validator = JSONSchemaValidator(schema: try Self.parse(Self.miniSchema))
        #expect(validator.errors(in: try Self.parse(document)) == expected)
    }

    @Test func unsupportedKeywordsAndBadReferencesAreErrors() throws {
        let schema = try Self.parse(
            ##"{"type": "object", "minProperties": 1, "properties": {"a": {"$ref": "#/$defs/x"}}}"##)
        let errors = JSONSchemaValidator(schema: schema).errors(in: try Self.parse(#"{"a": 1}"#))
        #expect(errors == ["$: schema keyword minProperties is not supported", "$.a: cannot resolve $ref #/$defs/x"])
    }
}
