import Foundation

/// A non-blocking `flock(2)` on a lock file in the output folder, holding the
/// PID of the process that has it.
///
/// The kernel drops the lock when the process ends, however it ends, so a
/// lock file left behind by a killed run never blocks the next one: only the
/// lock counts, never the file. A second run finds the lock taken, reads the
/// PID for its message, and leaves without writing anything.
package final class JobLock {
    /// The lock is taken (exit 75).
    package struct Held: Error, Sendable, Equatable, CustomStringConvertible {
        /// The lock file.
        var path: String
        /// The holder's PID as its lock file says, when readable.
        var pid: Int32?

        /// A held lock at `path`, by process `pid` when known.
        init(path: String, pid: Int32?) {
            self.path = path
            self.pid = pid
        }

        /// "PATH: this job is already running (process PID holds the lock); try again later".
        package var description: String {
            let holder = pid.map { "process \($0)" } ?? "another process"
            return "\(path): this job is already running (\(holder) holds the lock); try again later"
        }
    }

    let path: String
    private var descriptor: Int32

    /// Takes the lock at `path`, creating the file (but not its folder) when missing.
    /// - Throws: `Held` when another process holds it; `ReportError.cannotWrite`
    ///   when the file cannot be opened.
    init(path: String) throws {
        self.path = path
        // O_NOFOLLOW: a lock file planted as a symlink must not have the PID written through it.
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == ELOOP ? "is a symbolic link; refusing to follow it" : String(cString: strerror(errno))
            throw ReportError.cannotWrite(path: path, reason: reason)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            let pid = Self.holder(descriptor)
            close(descriptor)
            guard reason == EWOULDBLOCK else {
                throw ReportError.cannotWrite(path: path, reason: String(cString: strerror(reason)))
            }
            throw Held(path: path, pid: pid)
        }
        // Ours now: replace whatever PID a dead holder left.
        let text = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    deinit { release() }

    /// Gives the lock up; the file stays (removing it would race a newcomer).
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    /// The PID written in the lock file, read without taking the lock.
    static func holder(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Who holds the lock at `path` right now, without taking it: nil when it is
    /// free (or the file is missing), else the holder's PID (0 when unreadable).
    static func probe(_ path: String) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // A shared lock succeeds exactly when no one holds the exclusive one. It is
        // held for microseconds; a run starting in that instant would exit 75.
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return nil
        }
        return holder(descriptor) ?? 0
    }
}
