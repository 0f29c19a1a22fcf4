import Testing

@testable import BookRecommender

@Suite struct ShardTests {
    @Test(arguments: ["0/1", "0/3", "2/3", "15/16"])
    func parsesAnIndexBelowTheCount(_ text: String) throws {
        let shard = try #require(Shard(parsing: text))
        #expect("\(shard.index)/\(shard.count)" == text)
        #expect(Shard(partName: shard.name) == shard)
    }

    @Test(arguments: ["3/3", "-1/3", "1/0", "1", "a/b", "1/2/3", "/3", ""])
    func rejectsAnythingElse(_ text: String) {
        #expect(Shard(parsing: text) == nil)
    }

    @Test func everyUserFallsInExactlyOneShardAndAllShardsGetSome() throws {
        let shards = try (0..<4).map { try #require(Shard(parsing: "\($0)/4")) }
        var sizes = [0, 0, 0, 0]
        for user in (0..<400).map({ "reader\($0)" }) + ["", "ß", "名前"] {
            let owners = shards.filter { $0.contains(user: user) }
            #expect(owners.count == 1, "\(user)")
            if let owner = owners.first { sizes[owner.index] += 1 }
        }
        #expect(sizes.allSatisfy { $0 > 60 }, "\(sizes)")
    }

    @Test func theHashIsFNV1a64OfTheUTF8Bytes() throws {
        // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c; even, so shard 0 of 2.
        #expect(SafeFileName.fnv1a64(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(try #require(Shard(parsing: "0/2")).contains(user: "a"))
    }
}
