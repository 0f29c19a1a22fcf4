import Testing

@Suite struct UsageTests {
    @Test func helpGoesToStdout() throws {
        let result = try BinaryRunner.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("bookrec recommend INPUT..."))
        #expect(result.stderr.isEmpty)
    }

    @Test func mergeHasItsOwnHelp() throws {
        let result = try BinaryRunner.run(["help", "merge"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("bookrec merge OUT"))
    }

    @Test func helpForACommandListsItsOptions() throws {
        let result = try BinaryRunner.run(["help", "recommend"])
        #expect(result.status == 0)
        for option in ["--format", "--columns", "--catalog", "--top", "--out", "--threads", "--on-bad-record"] {
            #expect(result.stdout.contains(option))
        }
    }

    @Test(arguments: [
        (["recommend", "x.csv", "--bogus"], "unknown option '--bogus'"),
        (["recommend", "x.csv", "--top"], "option '--top' needs a value"),
        (["recommend", "x.csv", "--top", "zero"], "invalid value 'zero' for '--top'"),
        (["recommend"], "missing INPUT"),
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["help", "frobnicate"], "unknown command 'frobnicate'"),
        (["run"], "missing JOB.json"),
        (["merge"], "missing OUT"),
        (["merge", "a", "b"], "too many arguments: b"),
        (["merge", "out", "--keep-runs", "0"], "invalid value '0' for '--keep-runs'"),
        (["recommend", "x.csv", "--shard", "3/3"], "invalid value '3/3' for '--shard'"),
        (["recommend", "x.csv", "--log-format", "xml"], "invalid value 'xml' for '--log-format'"),
    ])
    func usageErrorsExit64WithTheReasonAndTheUsageLine(arguments: [String], message: String) throws {
        let result = try BinaryRunner.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message))
        #expect(result.stderr.contains("usage: bookrec"))
        #expect(result.stdout.isEmpty)
    }

    @Test func aMissingInputExits66NamingIt() throws {
        let result = try BinaryRunner.run(["recommend", "/no/such/ratings.csv"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("/no/such/ratings.csv"))
    }
}
