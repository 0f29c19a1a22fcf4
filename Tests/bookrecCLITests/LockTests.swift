import Foundation
import Testing

/// The job lock between real processes.
@Suite(.serialized) struct LockTests {
    @Test func aSecondRunExits75AtOnceNamingTheHolderAndTouchesNothingThenTheStaleLockDoesNotBlock() throws {
        let folder = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try GeneratedRatings.write(in: folder, users: 1500, books: 1500, perUser: 40)
        let out = folder.appendingPathComponent("out")
        let arguments = ["recommend", input, "--out", out.path, "--no-enrich"]

        let first = try RunningBinary(arguments)
        try first.waitForLog("stage=ingest event=start")
        let outside = { OutputTree.entries(under: out).filter { !$0.key.contains(".partial") } }
        let before = outside()
        let clock = ContinuousClock()
        let start = clock.now
        let second = try BinaryRunner.run(arguments)
        #expect(clock.now - start < .seconds(10))
        #expect(second.status == 75)
        #expect(second.stderr.contains("already running (process \(first.pid) holds the lock)"))
        #expect(outside() == before)

        // Killed outright, the first run leaves its lock file behind, naming a dead process.
        kill(first.pid, SIGKILL)
        _ = try first.waitForExit(seconds: 30)
        let lockFile = out.appendingPathComponent("bookrec.lock")
        #expect(try String(contentsOf: lockFile, encoding: .utf8) == "\(first.pid)\n")
        let club = Workspace.root.appendingPathComponent("input/club").path
        let third = try BinaryRunner.run(["recommend", club, "--out", out.path, "--no-enrich"])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(OutputTree.latest(in: out) != nil)
        #expect(OutputTree.leftovers(under: out).isEmpty)
    }

    @Test func aLockFileOfAProcessThatIsGoneDoesNotBlock() throws {
        let out = try Workspace.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        // A PID no process has (above the kernel's pid_max default), as a crash would leave.
        try Data("4194305\n".utf8).write(to: out.appendingPathComponent("bookrec.lock"))
        let club = Workspace.root.appendingPathComponent("input/club").path
        let result = try BinaryRunner.run(["recommend", club, "--out", out.path, "--no-enrich"])
        #expect(result.status == 0, "\(result.stderr)")
        let pid = try String(contentsOf: out.appendingPathComponent("bookrec.lock"), encoding: .utf8)
        #expect(pid != "4194305\n")
    }
}
