import Foundation

/// A `bookrec` process started in the background: its stderr is collected as
/// it comes, so a test can wait for a log line, signal it, and wait for it to
/// end, every wait bounded by a timeout.
final class RunningBinary: @unchecked Sendable {
    struct TimedOut: Error, CustomStringConvertible {
        var waitingFor: String
        var stderr: String
        var description: String { "timed out waiting for \(waitingFor); stderr so far:\n\(stderr)" }
    }

    let process = Process()
    private let lock = NSLock()
    private var collected = Data()
    private let done = DispatchSemaphore(value: 0)

    /// Starts `bookrec arguments`; stdout is discarded.
    init(_ arguments: [String]) throws {
        process.executableURL = BinaryRunner.binary
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        err.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.collected.append(data)
            self.lock.unlock()
        }
        process.terminationHandler = { [done] _ in done.signal() }
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    var pid: Int32 { process.processIdentifier }

    var stderr: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collected, as: UTF8.self)
    }

    /// Waits until stderr contains `text`.
    /// - Throws: `TimedOut` after `seconds`, or when the process ended first.
    func waitForLog(_ text: String, seconds: Double = 60) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !stderr.contains(text) {
            guard Date() < deadline, process.isRunning else { throw TimedOut(waitingFor: text, stderr: stderr) }
            usleep(20_000)
        }
    }

    /// Stops the process (SIGSTOP) and waits until every one of its threads has
    /// stopped, so that it writes nothing more until `resume()`.
    /// - Throws: `TimedOut` after `seconds`.
    func stop(seconds: Double = 10) throws {
        kill(pid, SIGSTOP)
        let deadline = Date().addingTimeInterval(seconds)
        let tasks = "/proc/\(pid)/task"
        func stopped() -> Bool {
            let threads = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
            return !threads.isEmpty
                && threads.allSatisfy { thread in
                    // The state is the field after the command name's closing parenthesis.
                    let stat = (try? String(contentsOfFile: "\(tasks)/\(thread)/stat", encoding: .utf8)) ?? ""
                    return stat.split(separator: ")").last?.dropFirst().first == "T"
                }
        }
        while !stopped() {
            guard Date() < deadline else { throw TimedOut(waitingFor: "SIGSTOP", stderr: stderr) }
            usleep(1_000)
        }
    }

    /// Lets a process `stop()` stopped run on (SIGCONT).
    func resume() { kill(pid, SIGCONT) }

    /// Waits for the process to end and returns its exit status (128 + signal
    /// when a signal ended it).
    /// - Throws: `TimedOut` after `seconds` (the process is then killed).
    func waitForExit(seconds: Double = 60) throws -> Int32 {
        guard done.wait(timeout: .now() + seconds) == .success else {
            kill(pid, SIGKILL)
            throw TimedOut(waitingFor: "exit", stderr: stderr)
        }
        return process.terminationReason == .uncaughtSignal
            ? 128 + process.terminationStatus : process.terminationStatus
    }
}
